import AsyncLayerKit
@testable import Elements
@testable import Rendering
import AsyncLayerKitTesting
import Foundation
import LayerKitSupport
import Testing

/// Where the heavy steps of a render really run, seen from inside each step (``RenderWorkProbe``):
/// image decodes and text measurements on the render lanes' own threads — never on the loop, and
/// never on the cooperative pool, not even a decode shared through the cache, which runs in a task
/// of its own.
///
/// Encoding: the library itself never encodes (``ElementRenderService`` and the layers hand out
/// bitmaps); the feed demo's encode runs inside `RenderLanes.render` in `FeedScroller`, a file of
/// the examples, which has no probe of its own to observe here.
@Suite(.mainDisplayLoop) struct RenderWorkThreadTests {
    /// How the layer under test renders.
    enum Via: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// ``ElementLayer/init(bounds:contentsScale:renderer:lanes:priority:)``, the renderer with a cache.
        case renderer
        /// ``ElementLayer/init(bounds:contentsScale:service:priority:)``: the service's lanes run its
        /// image loads too (its configuration names one set of lanes for all its work).
        case service
        var testDescription: String { rawValue }
    }

    @Test(arguments: Via.allCases)
    func decodesAndTextMeasurementsRunOnTheLayersLanes(via: Via) async throws {
        let tag = "probe-\(via.rawValue)-\(UUID().uuidString)"
        // Lanes of their own, with a thread name of their own: a thread named so is one of them.
        let executor = RenderExecutor(width: 2, name: "ProbeLane")
        let lanes = RenderLanes(executor: executor)
        defer { lanes.shutdown() }
        let steps = StepThreads(tag: tag)
        let token = RenderWorkProbe.add { step, subject in steps.record(step, subject) }
        defer { RenderWorkProbe.remove(token) }

        let cache = ElementCache(byteLimit: 1 << 24)
        let loader = TaggedImageLoader(tag: tag)
        let layer = DisplayLoop.drive { () -> ElementLayer in
            let bounds = Rect(x: 0, y: 0, width: 64, height: 48)
            switch via {
            case .renderer:
                return ElementLayer(bounds: bounds, renderer: ElementRenderer(limits: .testing, imageLoader: loader, cache: cache), lanes: lanes)
            case .service:
                return ElementLayer(bounds: bounds, service: ElementRenderService(.init(limits: .testing, imageLoader: loader, lanes: lanes), cache: cache))
            }
        }.value
        DisplayLoop.drive {
            layer.setElement(.vstack(children: [
                // The long title wraps over lines that fill the layer: as in CSS its text keeps its
                // content height, so the image must not shrink (it would be empty and not decoded).
                .image(.named("\(tag)/cover"), contentMode: .aspectFill, layout: flexLayout(width: 64, height: 32, shrink: 0)),
                .text(AttributedText("\(tag) title")),
            ]), modelID: 1)
        }
        #expect(await DisplayLoop.settle { layer.contents != nil || layer.lastError != nil })
        #expect(DisplayLoop.drive { layer.lastError == nil }.value)

        let decodes = steps.threads(of: .imageDecode), measurements = steps.threads(of: .textMeasurement)
        #expect(decodes.count == 1, "decodes: \(decodes)")
        #expect(!measurements.isEmpty)
        #expect(decodes.allSatisfy { $0.hasPrefix("ProbeLane") }, "decoded on \(decodes)")
        #expect(measurements.allSatisfy { $0.hasPrefix("ProbeLane") }, "measured on \(measurements)")
    }

    /// A renderer called straight from a cooperative-pool task still decodes on its lanes, with
    /// or without a cache (the layout and drawing run where the caller runs them).
    @Test(arguments: [false, true])
    func aRendererDecodesOnItsLanesWhoeverCallsIt(cached: Bool) async throws {
        let tag = "probe-direct-\(cached)-\(UUID().uuidString)"
        let lanes = RenderLanes(executor: RenderExecutor(width: 1, name: "DirectLane"))
        defer { lanes.shutdown() }
        let steps = StepThreads(tag: tag)
        let token = RenderWorkProbe.add { step, subject in steps.record(step, subject) }
        defer { RenderWorkProbe.remove(token) }
        let renderer = ElementRenderer(limits: .testing, imageLoader: TaggedImageLoader(tag: tag),
                                       cache: cached ? ElementCache(byteLimit: 1 << 24) : nil, lanes: lanes)
        _ = try await renderer.render(.image(.named("\(tag)/avatar"), frame: Rect(x: 0, y: 0, width: 16, height: 16)),
                                      size: Size(width: 16, height: 16), scale: 1)
        let decodes = steps.threads(of: .imageDecode)
        #expect(decodes.count == 1 && decodes.allSatisfy { $0.hasPrefix("DirectLane") }, "decoded on \(decodes)")
    }
}

/// The threads that did each step on subjects that contain a tag.
final class StepThreads: Sendable {
    private let tag: String
    private let log = Locked<[RenderWorkProbe.Step: [String]]>([:])

    init(tag: String) { self.tag = tag }

    /// Called by the probe, on the working thread.
    func record(_ step: RenderWorkProbe.Step, _ subject: String) {
        guard subject.contains(tag) else { return }
        let name = OSThread.currentName
        log.withLock { $0[step, default: []].append(name) }
    }

    func threads(of step: RenderWorkProbe.Step) -> [String] { log.value[step] ?? [] }
}

/// The bundled images under names that start with a test's tag (`"<tag>/cover"`), so that a probe
/// can tell this test's decodes from those of tests running beside it.
struct TaggedImageLoader: ElementImageLoader {
    let tag: String

    func imageBytes(named name: String) async throws -> [UInt8] {
        try await BundledImageLoader().imageBytes(named: String(name.dropFirst(tag.count + 1)))
    }
}
