#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

extension FontSet {
    /// The font file names a folder is read for (lower-cased extensions).
    public static let fontFileExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]

    /// A service's fonts from a folder: every font file in it (``fontFileExtensions``; not its
    /// subfolders), every face of a collection, each under the family its font names, and every
    /// family a fallback in file-name order (a character the texts' fonts lack is looked for in
    /// these before the system's fonts).
    ///
    /// - Throws: ``CanvasError/fontFileRejected(path:detail:)`` for a folder that cannot be read
    ///   or a font file that is not a usable font (the whole folder is refused: a server should
    ///   not start with half its fonts), ``CanvasError/fontRejected(_:)`` for more than
    ///   ``maxFaces`` faces.
    public init(contentsOfFolder folder: String, limits: FontLimits = .default) throws(CanvasError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw .fontFileRejected(path: folder, detail: "the folder cannot be read")
        }
        var faces: [FontFace] = []
        for name in names {
            guard let dot = name.lastIndex(of: "."), FontSet.fontFileExtensions.contains(name[name.index(after: dot)...].lowercased()) else { continue }
            let path = folder + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            if let size = attributes[.size] as? Int, size > limits.maxBytes {
                throw .fontFileRejected(path: path, detail: "\(size) bytes is over the limit of \(limits.maxBytes) bytes")
            }
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw .fontFileRejected(path: path, detail: "it cannot be read")
            }
            let bytes = [UInt8](contents)
            do {
                let first = try FontData(bytes: bytes, limits: limits)
                var datas = [first]
                for index in 1..<max(1, first.faceCount) { datas.append(try FontData(bytes: bytes, faceIndex: index, limits: limits)) }
                for data in datas { faces.append(try FontFace(family: data.familyName, data: data)) }
            } catch {
                guard case .fontRejected(let detail) = error else { throw error }
                throw .fontFileRejected(path: path, detail: detail)
            }
        }
        var families: [String] = []
        for face in faces where !families.contains(where: { $0.lowercased() == face.family.lowercased() }) { families.append(face.family) }
        try self.init(faces, fallbackFamilies: families)
    }
}
