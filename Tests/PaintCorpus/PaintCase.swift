public import Foundation

/// One case of the paint corpus (scripts/paint-diff): an element document and where it belongs.
/// The document is our JSON (version 2); scripts/paint-diff/html.py translates the same document
/// into the page Chromium renders.
public struct PaintCase: Codable, Sendable, Identifiable {
    /// A unique name: `<group>-<n>` for hand-made cases, `random-<seed>` for generated ones.
    public var id: String
    /// The property under test (`backgroundColor`, `borderStyle`, …), or `random`.
    public var group: String
    /// What the case checks, in a few words.
    public var note: String
    /// The element document, as written.
    public var document: JSONValue

    /// Creates a case.
    public init(id: String, group: String, note: String, document: JSONValue) {
        self.id = id
        self.group = group
        self.note = note
        self.document = document
    }

    /// Whether the document holds a text element (judged by ``PaintThresholds/text``).
    public var drawsText: Bool {
        func walk(_ value: JSONValue) -> Bool {
            switch value {
            case .object(let fields):
                if fields["type"] == .string("text") { return true }
                return fields.values.contains(where: walk)
            case .array(let items): return items.contains(where: walk)
            default: return false
            }
        }
        return walk(document)
    }

    /// The document as JSON bytes, for `ElementDocument.decode`.
    public func documentBytes() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(document))
    }

    /// The canvas size in CSS px from the document (`size.width`, `size.height`).
    public var canvasSize: (width: Int, height: Int)? {
        guard let w = document["size"]?["width"]?.number, let h = document["size"]?["height"]?.number else { return nil }
        return (Int(w), Int(h))
    }

    /// Reads a cases file (a JSON array of cases).
    public static func load(_ url: URL) throws -> [PaintCase] {
        try JSONDecoder().decode([PaintCase].self, from: Data(contentsOf: url))
    }
}
