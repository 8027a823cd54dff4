#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file calls ``FolderImageLoader`` and ``EmojiImages`` make, with errors as `errno` codes.
enum LocalFile {
    /// Why a file could not be read.
    enum ReadError: Error {
        /// The path is not a regular file (a folder, a FIFO, a device).
        case notRegularFile
        /// A system call failed with this `errno`.
        case system(Int32)
    }

    /// `path` with every symbolic link, `.` and `..` resolved (`realpath(3)`).
    static func realPath(_ path: String) throws(ReadError) -> String {
        guard let resolved = realpath(path, nil) else { throw .system(errno) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is a regular file (following symbolic links).
    static func isRegularFile(atPath path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The whole content of the regular file at `path`. Opened without following a final symbolic
    /// link and without blocking (a FIFO put in the file's place cannot hang the caller).
    static func readRegularFile(atPath path: String) throws(ReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { throw .system(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegularFile }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno)
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// The names in the folder at `path` (symbolic links followed to it), `.` and `..` left out,
    /// in the order the file system gives them (`opendir(3)`, `readdir(3)`).
    static func entries(ofFolder path: String) throws(ReadError) -> [String] {
        guard let folder = opendir(path) else { throw .system(errno) }
        defer { closedir(folder) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else {
                if errno != 0 { throw .system(errno) }
                return names
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { names.append(name) }
        }
    }

    /// The system's message for an `errno` code.
    static func message(for code: Int32) -> String {
        String(cString: strerror(code))
    }
}
