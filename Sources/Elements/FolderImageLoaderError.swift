/// Why a ``FolderImageLoader`` did not return an image: a name it refuses, or no such file.
///
/// An unsafe name is the caller's mistake (or an attack), refused before any file is touched,
/// except ``NameProblem/outsideFolder``, which needs the name resolved; a missing file is
/// ``notFound(name:)``. A server can answer the first with 400 and the second with 404.
public enum FolderImageLoaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name is not a plain relative path inside the folder; `problem` says why.
    case unsafeName(name: String, problem: NameProblem)
    /// No regular file has this name in the folder (with any of the loader's extensions).
    case notFound(name: String)
    /// The file exists but could not be read; `detail` is the system's message.
    case unreadable(name: String, detail: String)

    /// What makes an image name unsafe.
    public enum NameProblem: String, Sendable, Hashable {
        /// The name is empty.
        case empty = "the name is empty"
        /// Longer than ``FolderImageLoader/maxNameUTF8Bytes``, or a component longer than
        /// ``FolderImageLoader/maxComponentUTF8Bytes``.
        case tooLong = "the name or one of its components is too long"
        /// A NUL or another control character.
        case controlCharacter = "the name contains a control character"
        /// A backslash (a Windows separator, or an escape), never part of an image name.
        case backslash = "the name contains a backslash"
        /// Starts with `/`.
        case absolute = "the name is an absolute path"
        /// A `..` component, which climbs out of its folder.
        case parentComponent = "the name has a \"..\" component"
        /// An empty component: `a//b`, or a trailing `/`.
        case emptyComponent = "the name has an empty component"
        /// A component starting with `.`: `.`, a hidden file or a hidden folder.
        case hiddenComponent = "the name has a component starting with \".\""
        /// The name, with its symbolic links resolved, lies outside the folder.
        case outsideFolder = "the name resolves outside the folder"
    }

    /// The image name the error is about.
    public var name: String {
        switch self {
        case .unsafeName(let name, _), .notFound(let name), .unreadable(let name, _): name
        }
    }

    /// A one-line description. It names the image, never the folder's path, so that it can be
    /// shown to whoever sent the name.
    public var description: String {
        switch self {
        case .unsafeName(let name, let problem): "image name \"\(Self.printable(name))\" refused: \(problem.rawValue)"
        case .notFound(let name): "image \"\(name)\": no such file in the image folder"
        case .unreadable(let name, let detail): "image \"\(name)\": unreadable (\(detail))"
        }
    }

    /// What is wrong, without the name (for a message that names the image already).
    public var reason: String {
        switch self {
        case .unsafeName(_, let problem): "name refused: \(problem.rawValue)"
        case .notFound: "no such file in the image folder"
        case .unreadable(_, let detail): "unreadable (\(detail))"
        }
    }

    /// `name` with control characters escaped and cut to 200 characters, for a one-line message.
    private static func printable(_ name: String) -> String {
        let escaped = name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? $0.escaped(asASCII: true) : String($0) }.joined()
        return escaped.count > 200 ? String(escaped.prefix(200)) + "…" : escaped
    }
}
