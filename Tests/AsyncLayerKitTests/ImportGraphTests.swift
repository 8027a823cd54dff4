import Foundation
import Testing

/// The layering of DESIGN.md, checked on the sources: each module imports only the modules below
/// it. Canvas knows nothing of loops, DisplayLoop nothing of graphics, Flexbox nothing of either,
/// Elements nothing of lanes, caches or loops; only the umbrella imports everything.
@Suite struct ImportGraphTests {
    /// The project's modules each module may import (system modules are always allowed).
    static let allowed: [String: Set<String>] = [
        "LayerKitSupport": [],
        "Canvas": ["LayerKitSupport", "CCairoPango", "CWebP", "CTurboJPEG", "CLibPNG", "CLibDeflate", "CRSVG", "CLibXML2"],
        "DisplayLoop": ["LayerKitSupport"],
        "Flexbox": ["LayerKitSupport"],
        "Elements": ["LayerKitSupport", "Canvas", "Flexbox"],
        "HTML": ["LayerKitSupport", "Canvas", "Flexbox", "Elements", "CLibXML2"],
        "Rendering": ["LayerKitSupport", "Canvas", "DisplayLoop", "Elements"],
        "AsyncLayerKit": ["Canvas", "DisplayLoop", "Flexbox", "Elements", "HTML", "Rendering"],
        "AsyncLayerKitTesting": ["AsyncLayerKit", "LayerKitSupport", "DisplayLoop", "Canvas"],
    ]
    /// Modules of the toolchain and the C library.
    static let system: Set<String> = ["Foundation", "FoundationEssentials", "Synchronization", "Glibc", "Musl", "Darwin", "Dispatch", "Testing"]

    /// The `Sources` folder, from this file's path.
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every module imported by each Swift module under `Sources`.
    static func imports() throws -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let fm = FileManager.default
        for module in try fm.contentsOfDirectory(atPath: sources.path) where !module.hasPrefix("C") || module == "Canvas" {
            var found = Set<String>()
            let folder = sources.appendingPathComponent(module)
            guard let walk = fm.enumerator(atPath: folder.path) else { continue }
            for case let path as String in walk where path.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                          words[..<at].allSatisfy({ ["@_exported", "public", "package", "internal", "@testable"].contains($0) })
                    else { continue }
                    found.insert(String(words[at + 1]))
                }
            }
            result[module] = found
        }
        return result
    }

    @Test func everyModuleImportsOnlyTheModulesBelowIt() throws {
        let graph = try Self.imports()
        #expect(Set(graph.keys) == Set(Self.allowed.keys), "a module was added or removed: update the allowed graph")
        for (module, imported) in graph {
            let allowed = Self.allowed[module] ?? []
            let stray = imported.subtracting(allowed).subtracting(Self.system)
            #expect(stray.isEmpty, "\(module) imports \(stray.sorted()), outside its layer")
        }
    }

    @Test func elementsKnowNothingOfLoopsLanesOrCaches() throws {
        let graph = try Self.imports()
        #expect(graph["Elements"]?.isDisjoint(with: ["DisplayLoop", "Rendering", "AsyncLayerKit"]) == true)
        #expect(graph["Canvas"]?.isDisjoint(with: ["DisplayLoop", "Flexbox", "Elements", "Rendering"]) == true)
        #expect(graph["DisplayLoop"]?.isDisjoint(with: ["Canvas", "Flexbox", "Elements", "Rendering"]) == true)
    }
}
