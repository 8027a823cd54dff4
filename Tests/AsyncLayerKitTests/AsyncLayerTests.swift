import Foundation
import AsyncLayerKit
import AsyncLayerKitTesting
import Synchronization
import Testing

@Suite(.mainDisplayLoop) struct AsyncLayerTests {
    static let colors = (0...10).map { Color(red: Double($0) / 10, green: 0, blue: 1) }

    @Test func tenMarksInOneTurnDrawOnceTheLastState() async {
        let log = EventLog()
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 4, height: 4))
            for i in 1...10 {
                layer.displayTask = fillTask(Self.colors[i], log: log)
                layer.setNeedsDisplay()
            }
            return layer
        }.value
        #expect(await DisplayLoop.settle { !layer.isDisplaying && layer.contents != nil })
        let (stats, pixel) = DisplayLoop.drive { (layer.statistics, layer.contents?.color(x: 1, y: 1)) }.value
        #expect(stats.requests == 1 && stats.drawsStarted == 1 && stats.finished == 1)
        #expect(pixel == Self.colors[10])
        #expect(log.all == ["will \(Self.colors[10].hexString)", "did \(Self.colors[10].hexString) true"])
    }

    @Test func aSupersededDrawNeverBecomesVisibleAndStillGetsDidDisplay() async {
        let log = EventLog()
        let gate = Gate()
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 4, height: 4))
            layer.displayTask = fillTask(Self.colors[1], log: log, gate: gate)
            layer.setNeedsDisplay()
            return layer
        }.value
        // The first draw is now blocked in its drawing; a second request supersedes it.
        DisplayLoop.drive {
            layer.displayTask = fillTask(Self.colors[2], log: log)
            layer.setNeedsDisplay()
        }
        gate.release()
        #expect(await DisplayLoop.settle { !layer.isDisplaying && layer.statistics.finished + layer.statistics.abandoned == 2 })
        let pixel = DisplayLoop.drive { layer.contents?.color(x: 0, y: 0) }.value
        #expect(pixel == Self.colors[2])
        let dids = log.all.filter { $0.hasPrefix("did") }
        #expect(dids.sorted() == ["did \(Self.colors[1].hexString) false", "did \(Self.colors[2].hexString) true"].sorted())
    }

    @Test func aCancellationStormGivesExactlyOneDidDisplayPerRequest() async {
        let dids = Locked(0)
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 8, height: 8))
            layer.displayTask = AsyncLayerDisplayTask(
                display: { context, size in context.fill(Rect(size: size), with: .red) },
                didDisplay: { _, _ in dids.withLock { $0 += 1 } }
            )
            return layer
        }.value
        // 10^5 marks from 100 producer tasks per turn, over 1000 turns.
        for _ in 0..<1000 {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<100 {
                    group.addTask { Task { @DisplayActor in layer.setNeedsDisplay() } }
                }
            }
            DisplayLoop.main.runTurn()
        }
        #expect(await DisplayLoop.settle { !layer.isDisplaying })
        let stats = DisplayLoop.drive { layer.statistics }.value
        #expect(stats.requests >= 1000)  // at least one request per turn that had marks
        #expect(stats.finished + stats.abandoned == stats.requests)
        #expect(dids.withLock { $0 } == stats.requests)
        #expect(stats.finished >= 1)
    }

    @Test(arguments: [Size(width: 0.5, height: 10), Size(width: 10, height: 0), Size(width: 10, height: 0.99)])
    func aLayerUnderOnePointGetsEmptyContents(size: Size) async {
        let log = EventLog()
        let layer = await displayedLayer(fillTask(.red, log: log))
        DisplayLoop.drive {
            layer.bounds.size = size
            layer.setNeedsDisplay()
        }
        let (contents, stats) = DisplayLoop.drive { (layer.contents, layer.statistics) }.value
        #expect(contents == nil)
        #expect(stats.finished == 2)
        #expect(log.all.last == "did \(Color.red.hexString) true")
    }

    @Test func noDisplayClosureClearsTheContents() {
        let finished = Locked<Bool?>(nil)
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 4, height: 4))
            layer.displayTask = AsyncLayerDisplayTask(display: nil, didDisplay: { _, done in finished.withLock { $0 = done } })
            layer.setNeedsDisplay()
            return layer
        }.value
        #expect(DisplayLoop.drive { layer.contents == nil }.value)
        #expect(finished.withLock { $0 } == true)
    }

    @Test func opaqueLayersAreFilledWhiteThenWithTheBackground() async {
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 4, height: 4), isOpaque: true,
                                   backgroundColor: Color.black.withAlpha(0.5))
            layer.displayTask = AsyncLayerDisplayTask(display: { _, _ in })
            layer.setNeedsDisplay()
            return layer
        }.value
        #expect(await DisplayLoop.settle { layer.contents != nil })
        let pixel = DisplayLoop.drive { layer.contents?.pixel(x: 2, y: 2) }.value
        #expect(pixel?.alpha == 255)
        #expect(pixel.map { abs(Int($0.red) - 128) <= 1 } == true)  // 50 % black over white
    }

    @Test(arguments: [true, false])
    func theLoopNeverDrawsWhenAsynchronous(asynchronous: Bool) async {
        let drewOnLoop = Locked(false)
        let log = EventLog()
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 4, height: 4))
            layer.displaysAsynchronously = asynchronous
            layer.displayTask = fillTask(.green, log: log, onLoop: drewOnLoop)
            layer.setNeedsDisplay()
            return layer
        }.value
        #expect(await DisplayLoop.settle { layer.contents != nil })
        #expect(drewOnLoop.withLock { $0 } == !asynchronous)
    }

    @Test func aFailedDrawKeepsTheOldContentsAndSaysWhy() async {
        let layer = await displayedLayer(AsyncLayerDisplayTask(display: { context, size in context.fill(Rect(size: size), with: .blue) }))
        DisplayLoop.drive {
            layer.bounds.size = Size(width: 100_000, height: 100_000)  // over the pixel limit
            layer.setNeedsDisplay()
        }
        #expect(await DisplayLoop.settle { !layer.isDisplaying && layer.statistics.requests == 2 })
        let (contents, error, stats) = DisplayLoop.drive { (layer.contents, layer.lastError as? CanvasError, layer.statistics) }.value
        #expect(contents?.width == 4)
        #expect(error != nil)
        #expect(stats.abandoned == 1)
    }

    @Test func clearingBeforeDisplayIsAnOption() async {
        let gate = Gate()
        let log = EventLog()
        let layer = await displayedLayer(fillTask(.red, log: log))
        let kept = DisplayLoop.drive { () -> Bool in
            layer.displayTask = fillTask(.green, log: log, gate: gate)
            layer.setNeedsDisplay()
            return layer.contents != nil
        }.value
        #expect(kept)  // default: the old contents stay while the new draw runs
        DisplayLoop.drive { layer.clearsContentsBeforeDisplay = true; layer.setNeedsDisplay() }
        let cleared = DisplayLoop.drive { layer.contents == nil }.value
        #expect(cleared)
        gate.release()
        #expect(await DisplayLoop.settle { !layer.isDisplaying })
    }
}

@Suite(.mainDisplayLoop) struct ReleaseQueueTests {
    /// Sends, when freed, whether that happened on the loop's thread.
    final class Sentinel: Sendable {
        let freedOnLoop: AsyncStream<Bool>.Continuation
        init(_ freed: AsyncStream<Bool>.Continuation) { freedOnLoop = freed }
        deinit {
            freedOnLoop.yield(DisplayLoop.main.isDrainingOnCurrentThread)
            freedOnLoop.finish()
        }
    }

    @Test(.timeLimit(.minutes(5))) func releasedValuesDieOffTheLoop() async {
        let (freed, onFree) = AsyncStream<Bool>.makeStream()
        DisplayLoop.drive {
            ReleaseQueue.shared.release(Sentinel(onFree))
        }
        var frees = freed.makeAsyncIterator()
        #expect(await frees.next() == false)  // woken by the deinit; never freed: the time limit fails it
    }

    @Test func aLayerDroppedOnTheLoopHandsItsContentsOff() async {
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 8, height: 8))
            layer.displayTask = AsyncLayerDisplayTask(display: { context, size in context.fill(Rect(size: size), with: .red) })
            layer.setNeedsDisplay()
            return layer
        }.value
        #expect(await DisplayLoop.settle { layer.contents != nil && !layer.isDisplaying })
        let before = DisplayLoop.drive { ReleaseQueue.shared.releasedCount }.value
        // The last reference goes away inside a job on the loop.
        let holder = DisplayLoop.drive { () -> LayerHolder in LayerHolder(layer) }.value
        _ = consume layer
        DisplayLoop.drive { holder.layer = nil }
        let after = DisplayLoop.drive { ReleaseQueue.shared.releasedCount }.value
        #expect(after == before + 1)
    }
}

@DisplayActor final class LayerHolder {
    var layer: AsyncLayer?
    init(_ layer: AsyncLayer) { self.layer = layer }
}

@Suite(.mainDisplayLoop) struct AsyncLayerLaneTests {
    @Test func layersDrawOnRenderLaneThreadsByDefault() async {
        let thread = Locked<String?>(nil)
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 4, height: 4))
            layer.displayTask = AsyncLayerDisplayTask(display: { context, size in
                let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                thread.withLock { $0 = comm.trimmingCharacters(in: .whitespacesAndNewlines) }
                context.fill(Rect(size: size), with: .red)
            })
            layer.setNeedsDisplay()
            return layer
        }.value
        #expect(await DisplayLoop.settle { layer.contents != nil })
        // Never the loop, never a cooperative-pool thread: one of the lanes' own threads.
        #expect(thread.value?.hasPrefix("RenderLane") == true, "drew on \(thread.value ?? "?")")
    }
}
