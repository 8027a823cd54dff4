import AsyncLayerKit
@testable import CardServer
import FeedSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import NIOCore
import Testing

/// The sample feed ships with the program (FeedSupport's resource bundle), so a built
/// card-server runs without the source tree; `--feed` (``CardServerConfiguration/feedDirectory``)
/// serves another copy.
@Suite struct SampleFeedLocationTests {
    /// The folder of the running test binary, where the build put the executables and bundles.
    static let buildFolder = Bundle.main.bundleURL.standardizedFileURL

    /// A copy of the bundled feed in a new temporary folder, its first item renamed `newID`.
    static func copyOfTheFeed(renamingFirstItemTo newID: String) async throws -> (folder: URL, oldID: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feed-copy-\(UUID().uuidString)/feed-data")
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: SampleFeed.bundledDirectory, to: folder)
        let oldID = try await FeedSupportAccess.firstItemID()
        try renameItem(oldID, to: newID, inFeedAt: folder)
        return (folder, oldID)
    }

    /// Rewrites the page in `folder` with item `id` called `newID`.
    static func renameItem(_ id: String, to newID: String, inFeedAt folder: URL) throws {
        let page = SampleFeed.pageURL(in: folder)
        let text = try String(contentsOf: page, encoding: .utf8)
        let renamed = text.replacingOccurrences(of: "\"\(id)\"", with: "\"\(newID)\"")
        #expect(renamed != text, "item \(id) not found in \(page.path)")
        try renamed.write(to: page, atomically: true, encoding: .utf8)
    }

    // FEED_DATA_DIR would rightly point elsewhere: the check is of the default lookup.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[SampleFeed.environmentVariable] == nil,
                   "FEED_DATA_DIR is set: the default lookup is not what runs"))
    func theFeedIsFoundInTheResourceBundleBesideTheBinary() throws {
        let directory = SampleFeed.directory.standardizedFileURL
        // Beside the built binary (its resource bundle), not in the source tree.
        #expect(directory.path.hasPrefix(Self.buildFolder.path + "/"), "\(directory.path) is not under \(Self.buildFolder.path)")
        #expect(directory.deletingLastPathComponent().lastPathComponent.hasSuffix("FeedSupport.resources"))
        #expect(FileManager.default.fileExists(atPath: SampleFeed.pageURL.path))
        #expect(FileManager.default.fileExists(atPath: SampleFeed.imagesURL.path))
    }

    @Test func theServerServesTheFeedFolderItIsGiven() async throws {
        let (folder, oldID) = try await Self.copyOfTheFeed(renamingFirstItemTo: "given-feed-item")
        let server = try await TestServer(configure: { $0.feedDirectory = folder })
        try await server.test { client in
            let given = try await client.execute(uri: "/cards/feed/given-feed-item", method: .get)
            #expect(given.status == .ok)
            let replaced = try await client.execute(uri: "/cards/feed/\(oldID)", method: .get)
            #expect(replaced.status == .notFound)
        }
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    }

    /// Copies the built `card-server` and its resource bundles into a folder of their own, marks
    /// the installed feed (its first item renamed), and runs the copy from another working folder
    /// with no feed variable set: it must serve the installed copy, which only the bundle beside
    /// the executable holds (the source tree's `#filePath` would find the unmarked feed).
    @Test func aBuiltServerCopiedElsewhereServesItsBundledFeed() async throws {
        let fileManager = FileManager.default
        let binary = Self.buildFolder.appendingPathComponent("card-server")
        try #require(fileManager.isExecutableFile(atPath: binary.path),
                     "no built card-server at \(binary.path): build with `swift build --build-tests` first")
        let root = fileManager.temporaryDirectory.appendingPathComponent("card-server-install-\(UUID().uuidString)")
        let install = root.appendingPathComponent("bin"), elsewhere = root.appendingPathComponent("cwd")
        try fileManager.createDirectory(at: install, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: root) }
        try fileManager.copyItem(at: binary, to: install.appendingPathComponent("card-server"))
        for bundle in try fileManager.contentsOfDirectory(atPath: Self.buildFolder.path) where bundle.hasSuffix(".resources") {
            try fileManager.copyItem(at: Self.buildFolder.appendingPathComponent(bundle), to: install.appendingPathComponent(bundle))
        }
        // Every FeedSupport bundle is marked: a build folder may still hold one from an older package name.
        let feedBundles = try fileManager.contentsOfDirectory(atPath: install.path).filter { $0.hasSuffix("FeedSupport.resources") }
        try #require(!feedBundles.isEmpty, "no FeedSupport bundle in \(Self.buildFolder.path)")
        let oldID = try await FeedSupportAccess.firstItemID()
        for feedBundle in feedBundles {
            try Self.renameItem(oldID, to: "installed-item", inFeedAt: install.appendingPathComponent(feedBundle).appendingPathComponent("feed-data"))
        }

        let server = try ServerProcess(executable: install.appendingPathComponent("card-server"), workingDirectory: elsewhere)
        defer { server.stop() }
        let port = try await server.port()
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            let installed = try await client.get("/cards/feed/installed-item")
            #expect(installed.status == .ok)
            #expect(installed.headers[.contentType] == "image/webp")
            #expect(installed.body?.readableBytesView.starts(with: Array("RIFF".utf8)) == true)
        }
        // A new connection: a rendered response closes its own (`Connection: close`).
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            let replaced = try await client.get("/cards/feed/\(oldID)")
            #expect(replaced.status == .notFound)
        }
    }
}

/// A card-server process on a free loopback port, with its standard error read line by line.
final class ServerProcess: Sendable {
    private let process: Process
    private let output: AsyncStream<Data>

    init(executable: URL, workingDirectory: URL) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--host", "127.0.0.1", "--port", "0", "--log-level", "info"]
        process.currentDirectoryURL = workingDirectory
        // No feed variables: the default lookup is what runs.
        process.environment = ProcessInfo.processInfo.environment.filter {
            $0.key != SampleFeed.environmentVariable && !$0.key.hasPrefix("CARD_SERVER_")
        }
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        let (output, continuation) = AsyncStream<Data>.makeStream()
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                continuation.finish()
            } else {
                continuation.yield(data)
            }
        }
        process.terminationHandler = { _ in continuation.finish() }
        try process.run()
        self.process = process
        self.output = output
    }

    /// The port from the "listening on 127.0.0.1:PORT" line (at most 60 s for the start).
    func port() async throws -> Int {
        try await withThrowingTaskGroup(of: Int?.self) { group in
            group.addTask {
                var text = ""
                for await data in self.output {
                    text += String(decoding: data, as: UTF8.self)
                    if let range = text.range(of: "listening on 127.0.0.1:"),
                       let port = Int(text[range.upperBound...].prefix { $0.isNumber }),
                       text[range.upperBound...].contains(where: { !$0.isNumber }) {
                        return port
                    }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: .seconds(60))  // a time limit, not synchronisation
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return try #require(first, "card-server did not say which port it listens on")
        }
    }

    /// Sends SIGTERM (a graceful stop) and waits for the exit.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
