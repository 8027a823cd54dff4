import AsyncLayerKit
import Foundation
import FuzzSupport

/// A folder with a file, a subfolder, a link into the subfolder and a link out of the folder,
/// made once per process under the temporary directory.
let folder: String = {
    let root = NSTemporaryDirectory() + "fuzz-folder-names-\(getpid())"
    let files = FileManager.default
    try? files.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
    _ = files.createFile(atPath: root + "/a.png", contents: Data([1]))
    _ = files.createFile(atPath: root + "/sub/b.png", contents: Data([1]))
    try? files.createSymbolicLink(atPath: root + "/inner", withDestinationPath: "sub")
    try? files.createSymbolicLink(atPath: root + "/out", withDestinationPath: "/etc")
    try? files.createSymbolicLink(atPath: root + "/up.png", withDestinationPath: "../\(URL(fileURLWithPath: root).lastPathComponent)-elsewhere.png")
    return root
}()

/// `FolderImageLoader`'s name checks over arbitrary names: `checkSyntax` refuses every name that is
/// not a plain relative path, and `path(ofImageNamed:)` never returns a path outside the folder
/// (through `..`, an absolute name or a link) nor accepts a name `checkSyntax` refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func folderNamesFuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let name = String(decoding: fuzzInput(start, count), as: UTF8.self)
    let syntax: FolderImageLoaderError?
    do throws(FolderImageLoaderError) {
        try FolderImageLoader.checkSyntax(of: name)
        syntax = nil
    } catch {
        syntax = error
    }
    if syntax == nil {
        let bytes = Array(name.utf8)
        let components = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        require(!bytes.isEmpty && bytes.first != UInt8(ascii: "/"), "accepted an empty or absolute name: \(name.debugDescription)")
        require(!components.contains { $0.isEmpty || $0.first == UInt8(ascii: ".") }, "accepted an empty, hidden or parent component: \(name.debugDescription)")
        require(!bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }, "accepted a control character or backslash: \(name.debugDescription)")
    }
    let loader = FolderImageLoader(folder: folder)
    do throws(FolderImageLoaderError) {
        let path = try loader.path(ofImageNamed: name)
        require(syntax == nil, "resolved a name the syntax check refused: \(name.debugDescription)")
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path + "/"
        require(path.utf8.starts(with: root.utf8), "\(name.debugDescription) resolved to \(path), outside \(root)")
    } catch {
        if let syntax { require(error == syntax, "the loader refused \(name.debugDescription) with \(error), the syntax check with \(syntax)") }
    }
    return 0
}
