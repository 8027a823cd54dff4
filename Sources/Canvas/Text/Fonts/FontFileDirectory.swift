#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The private directory a process writes the fonts of font sets into: HarfBuzz (through Pango)
/// and fontconfig read fonts only from files. Made once with `mkdtemp` (mode 0700) under
/// `$TMPDIR` or `/tmp`; each file is written once under a name used once, removed by the
/// ``PreparedFontSet`` that wrote it, and whatever is left is removed at exit.
enum FontFileDirectory {
    /// The directory, or why it could not be made.
    static let path: Result<String, CanvasError> = {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/asynclayerkit-fonts-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            return .failure(.fontRejected("no directory for font files could be made under \(base) (errno \(errno))"))
        }
        atexit { FontFileDirectory.removeAll() }
        return .success(String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }()

    /// Writes `bytes` to a new file `name` in the directory and returns its path.
    ///
    /// - Throws: ``CanvasError/fontRejected(_:)`` when the file cannot be made or written whole.
    static func store(_ bytes: [UInt8], name: String) throws(CanvasError) -> String {
        let directory = try path.get()
        let file = directory + "/" + name
        let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .fontRejected("font file \(file) could not be created (errno \(errno))") }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                unlink(file)
                throw .fontRejected("font file \(file) could not be written (errno \(errno))")
            }
            written += result
        }
        return file
    }

    /// Removes the directory and what is left in it (at exit).
    private static func removeAll() {
        guard case .success(let directory) = path, let handle = opendir(directory) else { return }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { unlink(directory + "/" + name) }
        }
        closedir(handle)
        rmdir(directory)
    }
}
