#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
public import Canvas

/// A versioned JSON document holding one element tree: `{"version": 2, "size": {…}, "root": {…}}`,
/// and the pictures it draws in place of graphemes, `"graphemeImages": {"🎉": {"named": "party"}}`.
///
/// Version 2 names layout and paint with CSS properties (see the JSON schema reference). Version 1
/// documents still decode: their stacks, frames and layout objects are migrated on read to the
/// flexbox model, as the Swift sugar (`vstack`, `hstack`, `overlay`, `frame:`) builds the same
/// tree; encoding always writes version 2.
///
/// ``decode(_:options:)`` checks the limits before and after decoding: the byte size, then the
/// raw nesting depth in one pass over the bytes (`JSONDecoder` recurses, so a 10^5-deep document
/// must be refused before it reaches it), then node count, depth and text length of the tree.
public struct ElementDocument: Hashable, Sendable, Codable {
    /// The schema version this library writes (it also reads version 1).
    public static let currentVersion = 2

    /// The versions ``decode(_:options:)`` reads.
    public static let supportedVersions: ClosedRange<Int> = 1...currentVersion

    /// The schema version; always ``currentVersion`` once decoded (a version 1 document is
    /// migrated to the current model on read).
    public var version: Int
    /// The size of the tree's canvas in points, when the document states one.
    public var size: Size?
    /// The root element, as written (its emoji drawn by the fonts: ``resolvedRoot(limits:)`` is
    /// the tree to hash and render).
    public var root: Element
    /// The document's own fonts (`"fonts"`, as CSS's `@font-face` rules): texts name them by
    /// family; render them with ``ElementRenderer/fonts`` set to ``fontSet(over:)``.
    public var fonts: [FontFace]
    /// Pictures drawn in place of graphemes in every text of the tree, inline at the text's font
    /// size (Satori's `graphemeImages`): the JSON key `graphemeImages`, an object whose keys are
    /// single graphemes (an emoji, or any other character) and whose values are image sources
    /// (`{"named": …}` or `{"base64": …}`). A grapheme not mapped here is left to the renderer's
    /// emoji set (``ElementRenderer/emojiImages``), then to the fonts.
    ///
    /// The key is optional and read in both versions: an earlier build of this library ignores
    /// it and draws the fonts' emoji, which is why it did not take a new version.
    public var graphemeImages: [Character: ImageSource]

    /// The most entries of ``graphemeImages`` a document may hold.
    public static let maxGraphemeImages = 10_000

    /// A document for `root`, at the current version.
    public init(root: Element, size: Size? = nil, fonts: [FontFace] = [], graphemeImages: [Character: ImageSource] = [:]) {
        self.version = Self.currentVersion
        self.size = size
        self.root = root
        self.fonts = fonts
        self.graphemeImages = graphemeImages
    }

    /// The most fonts a document may carry.
    public static let maxFonts = 64

    /// The fonts a render of the document uses: its own over `service` (a service's set, whose
    /// families the document's replace), or `nil` when neither has any.
    ///
    /// - Throws: ``/Canvas/CanvasError/fontRejected(_:)`` when the result has too many faces.
    public func fontSet(over service: FontSet? = nil) throws(CanvasError) -> FontSet? {
        guard !fonts.isEmpty else { return service }
        if let service { return try service.overlaid(by: fonts) }
        return try FontSet(fonts)
    }

    private enum Keys: String, CodingKey { case version, size, root, fonts, graphemeImages }

    /// Decodes a document of a ``supportedVersions`` version, migrating version 1 on read.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let version = try c.decode(Int.self, forKey: .version)
        guard Self.supportedVersions.contains(version) else { throw VersionMismatch(version: version) }
        self.version = Self.currentVersion
        size = try c.decodeIfPresent(Size.self, forKey: .size)
        root = version == 1 ? try c.decode(ElementV1.self, forKey: .root).element : try c.decode(Element.self, forKey: .root)
        fonts = []
        if c.contains(.fonts) {
            var list = try c.nestedUnkeyedContainer(forKey: .fonts)
            if let count = list.count, count > Self.maxFonts {
                throw DecodingError.dataCorruptedError(in: list, debugDescription: "\(count) fonts is over the limit of \(Self.maxFonts)")
            }
            while !list.isAtEnd {
                let entry = try list.decode(DocumentFontFace.self)
                do {
                    fonts.append(try entry.face(limits: .default))
                } catch {
                    throw UnusableValue(path: JSONErrorPath.format(list.codingPath + [FontIndexKey(list.currentIndex - 1)]), message: error.description)
                }
            }
        }
        graphemeImages = [:]
        if c.contains(.graphemeImages) {
            let map = try c.nestedContainer(keyedBy: StyleKey.self, forKey: .graphemeImages)
            guard map.allKeys.count <= Self.maxGraphemeImages else {
                throw DecodingError.dataCorruptedError(forKey: .graphemeImages, in: c,
                                                       debugDescription: "more than \(Self.maxGraphemeImages) grapheme images")
            }
            for key in map.allKeys {
                guard key.stringValue.count == 1, let grapheme = key.stringValue.first else {
                    throw UnusableValue(path: JSONErrorPath.format(map.codingPath + [key]),
                                        message: "a key of graphemeImages is one grapheme (one emoji or character)")
                }
                graphemeImages[grapheme] = try map.decode(ImageSource.self, forKey: key)
            }
        }
    }

    /// Encodes the document.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(version, forKey: .version)
        try c.encodeIfPresent(size, forKey: .size)
        try c.encode(root, forKey: .root)
        if !fonts.isEmpty { try c.encode(fonts.map(DocumentFontFace.init), forKey: .fonts) }
        if !graphemeImages.isEmpty {
            var map = c.nestedContainer(keyedBy: StyleKey.self, forKey: .graphemeImages)
            for (grapheme, source) in graphemeImages { try map.encode(source, forKey: StyleKey(String(grapheme))) }
        }
    }

    /// The tree to hash and render: ``root`` with the pictures of ``graphemeImages`` drawn in
    /// place of their graphemes (``EmojiImages/applied(to:)``), so that its content hash covers
    /// them; ``root`` itself when the map is empty. The result is checked against `limits` again,
    /// since a picture given as bytes counts towards ``ElementLimits/maxEncodedImageBytes`` once
    /// for every grapheme it replaces.
    ///
    /// - Throws: the ``ElementLimits/check(_:)`` errors of the tree with its pictures.
    public func resolvedRoot(limits: ElementLimits = .default) throws(ElementError) -> Element {
        guard !graphemeImages.isEmpty else { return root }
        let resolved = EmojiImages(images: graphemeImages).applied(to: root)
        try limits.check(resolved)
        return resolved
    }

    /// Decodes and checks a JSON document.
    ///
    /// - Throws: ``ElementError/documentTooLarge(bytes:limit:)``, ``ElementError/tooDeep(depth:limit:)``
    ///   (from the raw bytes, before decoding), ``ElementError/tooManyNodes(count:limit:)`` (at the
    ///   first element over the limit, while decoding), ``ElementError/invalidJSON(path:message:)`` naming
    ///   the wrong path, ``ElementError/unsupportedVersion(_:)``, and the tree limits of
    ///   ``ElementLimits/check(_:)``.
    public static func decode(_ bytes: some Collection<UInt8>, options: ElementDecodingOptions = ElementDecodingOptions()) throws(ElementError) -> ElementDocument {
        let limits = options.limits
        guard bytes.count <= limits.maxDocumentBytes else {
            throw .documentTooLarge(bytes: bytes.count, limit: limits.maxDocumentBytes)
        }
        // Each element level costs at most four JSON levels (element, children array, and inside
        // a kind's payload such as text → style, custom → value, or style → boxShadow → offset),
        // plus the document object.
        let jsonLimit = limits.enforcedMaxDepth * 4 + 4
        let nesting = JSONNestingScanner.maxDepth(of: bytes, stoppingAbove: jsonLimit)
        guard nesting <= jsonLimit else {
            throw .tooDeep(depth: (nesting - 1) / 2, limit: limits.enforcedMaxDepth)
        }
        let decoder = JSONDecoder()
        decoder.userInfo[CustomElementRegistry.userInfoKey] = options.customTypes
        decoder.userInfo[DecodingBudget.elements] = DecodingBudget(limit: limits.maxNodes)
        let document: ElementDocument
        do {
            document = try decoder.decode(ElementDocument.self, from: Data(bytes))
        } catch let mismatch as VersionMismatch {
            throw .unsupportedVersion(mismatch.version)
        } catch let unusable as UnusableValue {
            throw .unusableValue(path: unusable.path, message: unusable.message)
        } catch let exceeded as DecodingBudget.Exceeded {
            throw .tooManyNodes(count: exceeded.count, limit: exceeded.limit)
        } catch let error as DecodingError {
            // A number too large for a Double fails the whole document without a path: find it.
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
               let number = JSONNumberLocator.firstNonFiniteNumber(in: Array(bytes)) {
                throw .invalidJSON(path: number.path, message: "\(number.literal) is not a finite number")
            }
            throw JSONErrorPath.elementError(for: error)
        } catch {
            throw .invalidJSON(path: "", message: "\(error)")
        }
        try limits.check(document.root)
        return document
    }

    /// The document as JSON with sorted keys (the canonical form), optionally indented.
    ///
    /// - Throws: ``ElementError/tooDeep(depth:limit:)`` above ``Element/maxSupportedDepth``;
    ///   ``ElementError/invalidJSON(path:message:)`` for a value that cannot be encoded.
    public func jsonBytes(prettyPrinted: Bool = false) throws(ElementError) -> [UInt8] {
        try root.checkSupportedDepth()
        return try CanonicalJSON.encode(self, prettyPrinted: prettyPrinted)
    }
}

/// A well-formed value the document cannot use, thrown out of decoding with its path.
private struct UnusableValue: Error {
    let path: String
    let message: String
}

/// The index of a font in a document's list, for error paths.
private struct FontIndexKey: CodingKey {
    var stringValue: String { "\(intValue!)" }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// Options for decoding an element document.
public struct ElementDecodingOptions: Sendable {
    /// The limits checked before and after decoding.
    public var limits: ElementLimits
    /// The custom element types the document may use.
    public var customTypes: CustomElementRegistry

    /// Creates options.
    public init(limits: ElementLimits = .default, customTypes: [any CustomElement.Type] = []) {
        self.limits = limits
        self.customTypes = CustomElementRegistry(customTypes)
    }
}

/// Thrown inside decoding to carry an unsupported version out as its own error.
private struct VersionMismatch: Error {
    let version: Int
}

/// Sorted-key JSON: the canonical encoding that content hashes digest.
enum CanonicalJSON {
    static func encode(_ value: some Encodable, prettyPrinted: Bool = false) throws(ElementError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        do {
            return [UInt8](try encoder.encode(value))
        } catch {
            throw encodingFailure(error)
        }
    }

    /// An encoder's error as ``ElementError/invalidJSON(path:message:)``, naming the path of the
    /// value that could not be encoded.
    static func encodingFailure(_ error: any Error) -> ElementError {
        if let error = error as? EncodingError, case .invalidValue(_, let context) = error {
            return .invalidJSON(path: JSONErrorPath.format(context.codingPath), message: context.debugDescription)
        }
        return .invalidJSON(path: "", message: "\(error)")
    }
}

extension Element {
    /// A 128-bit hash (MurmurHash3 x64 128) of the element's `Codable` encoding (defaults left out, as in its
    /// JSON form), digested without making JSON text (see `ContentHashEncoder`): the same for
    /// equal trees in every process and on every run, so it can key caches shared between
    /// processes. In-memory bitmaps contribute their pixel digest, encoded images their bytes.
    ///
    /// It costs a walk of the tree (about 30 µs for the reference card), so compute it once per
    /// tree (``HashedElement``) when you look the same tree up many times.
    ///
    /// - Throws: ``ElementError/tooDeep(depth:limit:)`` for a tree deeper than
    ///   ``maxSupportedDepth`` (checked first, without recursion);
    ///   ``ElementError/invalidJSON(path:message:)`` when a value cannot be encoded (a NaN or
    ///   infinite number), naming its path.
    public func contentHash() throws(ElementError) -> ContentHash {
        try checkSupportedDepth()
        do {
            return try ContentHashEncoder.digest(self)
        } catch {
            throw CanonicalJSON.encodingFailure(error)
        }
    }
}
