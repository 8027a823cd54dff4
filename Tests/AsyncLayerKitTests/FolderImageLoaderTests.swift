import AsyncLayerKit
import Foundation
import Testing

/// ``FolderImageLoader``: every guard has a name that only that guard refuses, so each test fails
/// if its guard is removed (the name would then load, or fail differently).
@Suite struct FolderImageLoaderTests {
    /// A fresh layout for each test:
    ///
    ///     <base>/secret.png                      outside the folder
    ///     <base>/assets/inside.png
    ///     <base>/assets/notes.txt                a file with an extension that is not an image's
    ///     <base>/assets/nested/deep/photo.jpg
    ///     <base>/assets/alias.png    -> inside.png             (a link that stays inside)
    ///     <base>/assets/link.png     -> <base>/secret.png      (a link out of the folder)
    ///     <base>/assets/outside      -> <base>                 (a folder link out of the folder)
    ///     <base>/assets/parent.png   -> ../secret.png          (a relative link out of it)
    struct Fixture {
        let base: URL
        let assets: URL
        let loader: FolderImageLoader
        let secret: [UInt8] = Array("secret".utf8)
        let inside: [UInt8] = Array("inside".utf8)
        let photo: [UInt8] = Array("photo".utf8)

        init() throws {
            let files = FileManager.default
            base = files.temporaryDirectory.appendingPathComponent("folder-image-loader-\(UUID().uuidString)", isDirectory: true)
            assets = base.appendingPathComponent("assets", isDirectory: true)
            try files.createDirectory(at: assets.appendingPathComponent("nested/deep"), withIntermediateDirectories: true)
            try Data(secret).write(to: base.appendingPathComponent("secret.png"))
            try Data(inside).write(to: assets.appendingPathComponent("inside.png"))
            try Data("notes".utf8).write(to: assets.appendingPathComponent("notes.txt"))
            try Data(photo).write(to: assets.appendingPathComponent("nested/deep/photo.jpg"))
            try files.createSymbolicLink(atPath: assets.appendingPathComponent("alias.png").path, withDestinationPath: "inside.png")
            try files.createSymbolicLink(atPath: assets.appendingPathComponent("link.png").path, withDestinationPath: base.appendingPathComponent("secret.png").path)
            try files.createSymbolicLink(atPath: assets.appendingPathComponent("outside").path, withDestinationPath: base.path)
            try files.createSymbolicLink(atPath: assets.appendingPathComponent("parent.png").path, withDestinationPath: "../secret.png")
            loader = FolderImageLoader(folder: assets.path)
        }

        /// The error loading `name` throws, or `nil` when it loads.
        func error(loading name: String, with loader: FolderImageLoader? = nil) async -> FolderImageLoaderError? {
            do {
                _ = try await (loader ?? self.loader).imageBytes(named: name)
                return nil
            } catch {
                return error
            }
        }

        func remove() { try? FileManager.default.removeItem(at: base) }
    }

    @Test func traversalIsRefusedByName() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        // Each of these would reach secret.png, or inside.png by a detour, without the `..` guard.
        for name in ["../secret.png", "a/../../secret.png", "nested/../../secret.png", "nested/../inside.png", "..", "../secret"] {
            #expect(await fixture.error(loading: name) == .unsafeName(name: name, problem: .parentComponent), "\(name)")
        }
    }

    @Test func anAbsolutePathIsRefused() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        for name in [fixture.base.appendingPathComponent("secret.png").path, fixture.assets.appendingPathComponent("inside.png").path, "/etc/passwd"] {
            #expect(await fixture.error(loading: name) == .unsafeName(name: name, problem: .absolute), "\(name)")
        }
    }

    @Test func aSymbolicLinkOutOfTheFolderIsRefused() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        // A file link (absolute and relative), the same without extension, a folder link.
        for name in ["link.png", "link", "parent.png", "outside/secret.png", "outside/assets/../secret.png"] {
            let expected: FolderImageLoaderError.NameProblem = name.contains("..") ? .parentComponent : .outsideFolder
            #expect(await fixture.error(loading: name) == .unsafeName(name: name, problem: expected), "\(name)")
        }
        // The tree check refuses it too, and a link that stays inside the folder is followed.
        #expect(throws: FolderImageLoaderError.unsafeName(name: "link.png", problem: .outsideFolder)) {
            try fixture.loader.checkImageNames(in: .image(.named("link.png")))
        }
        #expect(try await fixture.loader.imageBytes(named: "alias.png") == fixture.inside)
        // Through a link to the folder itself, the folder is its real path.
        let linked = fixture.base.appendingPathComponent("linked-assets")
        try FileManager.default.createSymbolicLink(atPath: linked.path, withDestinationPath: fixture.assets.path)
        #expect(try await FolderImageLoader(folder: linked.path).imageBytes(named: "inside") == fixture.inside)
        #expect(await fixture.error(loading: "link.png", with: FolderImageLoader(folder: linked.path)) == .unsafeName(name: "link.png", problem: .outsideFolder))
    }

    /// A folder named `café` (é as one code point) and a sibling `café` (e and a combining acute)
    /// are two folders; a link from the first into the second leads outside.
    @Test func aCanonicallyEquivalentSiblingFolderIsOutside() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let composed = fixture.base.path + "/caf\u{E9}", decomposed = fixture.base.path + "/cafe\u{301}"
        try FileManager.default.createDirectory(atPath: composed, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: decomposed, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: decomposed + "/secret.png", contents: Data(fixture.secret)))
        try FileManager.default.createSymbolicLink(atPath: composed + "/link.png", withDestinationPath: decomposed + "/secret.png")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.base.path).count == 4)  // assets, secret.png, the two
        let loader = FolderImageLoader(folder: composed)
        #expect(await fixture.error(loading: "link.png", with: loader) == .unsafeName(name: "link.png", problem: .outsideFolder))
    }

    @Test func aMissingFileIsNotFoundNotUnsafe() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        for name in ["nothing.png", "nothing", "nested/nothing.jpg", "missing-folder/x.png", "nested/deep", "inside.png/x"] {
            #expect(await fixture.error(loading: name) == .notFound(name: name), "\(name)")
        }
        // A folder that does not exist: every safe name is missing, every unsafe one still unsafe.
        let gone = FolderImageLoader(folder: fixture.base.appendingPathComponent("no-such-folder").path)
        #expect(await fixture.error(loading: "inside.png", with: gone) == .notFound(name: "inside.png"))
        #expect(await fixture.error(loading: "../secret.png", with: gone) == .unsafeName(name: "../secret.png", problem: .parentComponent))
    }

    @Test func validNamesLoadIncludingNestedOnesAndWithoutExtension() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(try await fixture.loader.imageBytes(named: "inside.png") == fixture.inside)
        #expect(try await fixture.loader.imageBytes(named: "inside") == fixture.inside)
        #expect(try await fixture.loader.imageBytes(named: "nested/deep/photo.jpg") == fixture.photo)
        #expect(try await fixture.loader.imageBytes(named: "nested/deep/photo") == fixture.photo)
        #expect(try fixture.loader.path(ofImageNamed: "nested/deep/photo") == fixture.assets.resolvingSymlinksInPath().appendingPathComponent("nested/deep/photo.jpg").path)
        // A folder path with `.` and `..` in it works too.
        let winding = FolderImageLoader(folder: fixture.assets.path + "/nested/./deep/..")
        #expect(try await winding.imageBytes(named: "deep/photo.jpg") == fixture.photo)
    }

    @Test func everyOtherUnsafeNameIsRefusedBeforeAnyFileAccess() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let cases: [(String, FolderImageLoaderError.NameProblem)] = [
            ("", .empty),
            ("inside\\..\\..\\secret.png", .backslash),
            ("inside.png\0.jpg", .controlCharacter),
            ("inside\n.png", .controlCharacter),
            ("./inside.png", .hiddenComponent),
            (".", .hiddenComponent),
            (".hidden.png", .hiddenComponent),
            ("nested/.git/config", .hiddenComponent),
            ("nested//deep/photo.jpg", .emptyComponent),
            ("nested/deep/", .emptyComponent),
            (String(repeating: "a/", count: 600) + "x.png", .tooLong),
            (String(repeating: "x", count: 300) + ".png", .tooLong),
            // A combining mark makes `/`, `.` or `\\` part of another Swift character, never
            // another byte: the checks are on bytes.
            ("/\u{301}etc/passwd", .absolute),
            ("../\u{301}secret.png", .parentComponent),
            (".\u{301}hidden.png", .hiddenComponent),
            ("a\\\u{301}b.png", .backslash),
        ]
        // These names exist as files, so without their guards they would load.
        for file in [".hidden.png", "inside\\..\\..\\secret.png", ".\u{301}hidden.png", "a\\\u{301}b.png"] {
            #expect(FileManager.default.createFile(atPath: fixture.assets.path + "/" + file, contents: Data(fixture.inside)))
        }
        for (name, problem) in cases {
            #expect(await fixture.error(loading: name) == .unsafeName(name: name, problem: problem), "\(name.debugDescription)")
            #expect(throws: FolderImageLoaderError.unsafeName(name: name, problem: problem)) { try FolderImageLoader.checkSyntax(of: name) }
        }
    }

    @Test func onlyImageExtensionsAreReadByDefault() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(await fixture.error(loading: "notes.txt") == .notFound(name: "notes.txt"))
        #expect(await fixture.error(loading: "notes") == .notFound(name: "notes"))
        // The name's extension is compared without regard to case.
        try Data(fixture.inside).write(to: fixture.assets.appendingPathComponent("upper.PNG"))
        #expect(try await fixture.loader.imageBytes(named: "upper.PNG") == fixture.inside)
        // Without a restriction the name is used exactly as given.
        let any = FolderImageLoader(folder: fixture.assets.path, extensions: [])
        #expect(try await any.imageBytes(named: "notes.txt") == Array("notes".utf8))
        #expect(await fixture.error(loading: "inside", with: any) == .notFound(name: "inside"))
        // Extensions are compared without regard to case and tried in order.
        let jpegFirst = FolderImageLoader(folder: fixture.assets.path, extensions: ["JPG", "txt"])
        #expect(jpegFirst.extensions == ["jpg", "txt"])
        #expect(try await jpegFirst.imageBytes(named: "notes") == Array("notes".utf8))
        #expect(await fixture.error(loading: "inside.png", with: jpegFirst) == .notFound(name: "inside.png"))
    }

    @Test func theTreeCheckFindsTheFirstBadNameAnywhereInTheTree() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        func tree(_ names: [String], hiddenName: String? = nil) -> Element {
            var children = names.map { Element.image(.named($0), frame: Rect(x: 0, y: 0, width: 4, height: 4)) }
            if let hiddenName {
                children.append(.view(style: ElementStyle(isHidden: true), children: [.vstack(children: [.image(.named(hiddenName))])]))
            }
            return .view(children: [.vstack(children: children), .image(.encoded([1, 2, 3]))])
        }
        try fixture.loader.checkImageNames(in: tree(["inside", "nested/deep/photo.jpg", "inside"]))
        #expect(throws: FolderImageLoaderError.unsafeName(name: "../secret.png", problem: .parentComponent)) {
            try fixture.loader.checkImageNames(in: tree(["inside", "../secret.png", "nothing"]))
        }
        #expect(throws: FolderImageLoaderError.notFound(name: "nothing")) {
            try fixture.loader.checkImageNames(in: tree(["inside", "nothing", "../secret.png"]))
        }
        // A hidden element's image is checked too: the tree is refused before anything is drawn.
        #expect(throws: FolderImageLoaderError.unsafeName(name: "link", problem: .outsideFolder)) {
            try fixture.loader.checkImageNames(in: tree(["inside"], hiddenName: "link"))
        }
    }

    @Test func aRendererDrawsTheFolderImagesAndReportsItsErrors() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let red = try Bitmap.render(size: Size(width: 4, height: 4)) { $0.fill(Rect(x: 0, y: 0, width: 4, height: 4), with: .red) }
        try Data(ImageEncoder.encode(red, as: .png())).write(to: fixture.assets.appendingPathComponent("nested/red.png"))
        let renderer = ElementRenderer(limits: .testing, imageLoader: fixture.loader)  // no deadline: the whole suite may be slow
        let bitmap = try await renderer.render(.image(.named("nested/red"), frame: Rect(x: 0, y: 0, width: 4, height: 4)), size: Size(width: 4, height: 4), scale: 1)
        #expect(bitmap.color(x: 2, y: 2) == .red)
        await #expect {
            try await renderer.render(.image(.named("../secret.png"), frame: Rect(x: 0, y: 0, width: 4, height: 4)), size: Size(width: 4, height: 4), scale: 1)
        } throws: { error in
            guard case ElementError.imageLoadFailed(let name, let detail) = error else { return false }
            return name == "../secret.png" && detail.contains("\"..\"")
        }
    }
}
