extension FolderImageLoader {
    /// Throws unless `name` is a plain relative path: the checks made before any file is touched.
    ///
    /// The checks are on the name's UTF-8 bytes, as the file system sees them, not on Swift
    /// characters (in which a combining mark after `/` or `.` would hide it).
    ///
    /// - Throws: ``FolderImageLoaderError/unsafeName(name:problem:)`` with the first problem found,
    ///   in the order of ``FolderImageLoaderError/NameProblem``'s cases (a `..` anywhere is
    ///   reported as such even when another component is hidden or empty).
    public static func checkSyntax(of name: String) throws(FolderImageLoaderError) {
        func refuse(_ problem: FolderImageLoaderError.NameProblem) -> FolderImageLoaderError {
            .unsafeName(name: name, problem: problem)
        }
        let bytes = Array(name.utf8)
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        guard !bytes.isEmpty else { throw refuse(.empty) }
        guard bytes.count <= maxNameUTF8Bytes else { throw refuse(.tooLong) }
        guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { throw refuse(.controlCharacter) }
        guard !bytes.contains(UInt8(ascii: "\\")) else { throw refuse(.backslash) }
        guard bytes[0] != slash else { throw refuse(.absolute) }
        let components = bytes.split(separator: slash, omittingEmptySubsequences: false)
        guard !components.contains(where: { $0.elementsEqual([dot, dot]) }) else { throw refuse(.parentComponent) }
        for component in components {
            guard let first = component.first else { throw refuse(.emptyComponent) }
            guard first != dot else { throw refuse(.hiddenComponent) }
            guard component.count <= maxComponentUTF8Bytes else { throw refuse(.tooLong) }
        }
    }
}
