extension FolderImageLoader {
    /// Throws unless `name` is a plain relative path: the checks made before any file is touched.
    ///
    /// - Throws: ``FolderImageLoaderError/unsafeName(name:problem:)`` with the first problem found,
    ///   in the order of ``FolderImageLoaderError/NameProblem``'s cases (a `..` anywhere is
    ///   reported as such even when another component is hidden or empty).
    public static func checkSyntax(of name: String) throws(FolderImageLoaderError) {
        func refuse(_ problem: FolderImageLoaderError.NameProblem) -> FolderImageLoaderError {
            .unsafeName(name: name, problem: problem)
        }
        guard !name.isEmpty else { throw refuse(.empty) }
        guard name.utf8.count <= maxNameUTF8Bytes else { throw refuse(.tooLong) }
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw refuse(.controlCharacter)
        }
        guard !name.contains("\\") else { throw refuse(.backslash) }
        guard !name.hasPrefix("/") else { throw refuse(.absolute) }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.contains("..") else { throw refuse(.parentComponent) }
        for component in components {
            guard !component.isEmpty else { throw refuse(.emptyComponent) }
            guard !component.hasPrefix(".") else { throw refuse(.hiddenComponent) }
            guard component.utf8.count <= maxComponentUTF8Bytes else { throw refuse(.tooLong) }
        }
    }
}
