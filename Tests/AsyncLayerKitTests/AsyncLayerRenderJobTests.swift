import AsyncLayerKit
import AsyncLayerKitTesting
import Testing

/// A bitmap of `size` points at `scale`, filled with `color`.
private func solid(_ color: Color, _ size: Size, _ scale: Double) throws -> Bitmap {
    try Bitmap.render(size: size, scale: scale) { context in context.fill(Rect(size: size), with: color) }
}

/// An ``AsyncLayer`` handed a job that produces the bitmap itself (``AsyncLayerDisplayTask/render``):
/// its bitmap is shown as it is, off the loop, with the layer's cancellation checks and exactly one
/// `didDisplay` per request.
@Suite(.mainDisplayLoop, .timeLimit(.minutes(5))) struct AsyncLayerRenderJobTests {
    @Test func theJobsBitmapBecomesTheContentsAsItIs() async {
        let asked = Locked<[String]>([])
        let log = EventLog()
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            // Opaque with a background: neither is painted over or under a job's bitmap.
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 4, height: 3), contentsScale: 2,
                                   isOpaque: true, backgroundColor: .black)
            layer.displayTask = AsyncLayerDisplayTask(render: { size, scale in
                asked.withLock { $0.append("\(size.width)x\(size.height)@\(scale) onLoop \(DisplayLoop.main.isDrainingOnCurrentThread)") }
                return try solid(Color.red.withAlpha(0.5), size, scale)
            }, didDisplay: { _, finished in log.append("did \(finished)") })
            layer.setNeedsDisplay()
            return layer
        }.value
        #expect(await DisplayLoop.settle { layer.contents != nil && !layer.isDisplaying })
        let (pixel, width, stats) = DisplayLoop.drive { (layer.contents?.pixel(x: 1, y: 1), layer.contents?.width, layer.statistics) }.value
        #expect(asked.value == ["4.0x3.0@2.0 onLoop false"])
        #expect(width == 8)
        #expect(pixel?.alpha == 128 || pixel?.alpha == 127)  // the job's half-transparent red, unfilled
        #expect(stats.requests == 1 && stats.finished == 1 && stats.abandoned == 0 && stats.drawsStarted == 0)
        #expect(log.all == ["did true"])
    }

    @Test func aSupersededJobIsCancelledAndNeverShown() async {
        let log = EventLog()
        let sawCancellation = Locked<Bool?>(nil)
        let (started, onStart) = AsyncStream<Void>.makeStream()
        let (gate, _) = AsyncStream<Void>.makeStream()  // never opened: only cancellation ends the wait
        let first = AsyncLayerDisplayTask(render: { size, scale in
            onStart.yield()
            for await _ in gate { break }
            sawCancellation.withLock { $0 = Task.isCancelled }
            return try solid(.green, size, scale)  // a result the layer must drop
        }, didDisplay: { _, finished in log.append("first \(finished)") })
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 4, height: 4))
            layer.displayTask = first
            layer.setNeedsDisplay()
            return layer
        }.value
        var starts = started.makeAsyncIterator()
        _ = await starts.next()  // the first job runs, off the loop
        DisplayLoop.drive {
            layer.displayTask = AsyncLayerDisplayTask(render: { size, scale in try solid(.red, size, scale) },
                                                      didDisplay: { _, finished in log.append("second \(finished)") })
            layer.setNeedsDisplay()
        }
        #expect(await DisplayLoop.settle { !layer.isDisplaying && layer.statistics.finished + layer.statistics.abandoned == 2 })
        let pixel = DisplayLoop.drive { layer.contents?.color(x: 1, y: 1) }.value
        #expect(pixel == .red)
        #expect(sawCancellation.value == true)
        #expect(log.all.sorted() == ["first false", "second true"])
    }

    @Test func aJobCancelledBeforeItStartsNeverRuns() async {
        let runs = Locked(0)
        let log = EventLog()
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 4, height: 4))
            layer.displayTask = AsyncLayerDisplayTask(render: { size, scale in
                runs.withLock { $0 += 1 }
                return try solid(.blue, size, scale)
            }, didDisplay: { _, finished in log.append("did \(finished)") })
            layer.display()
            layer.cancelDisplay()  // before its draw task could start
            return layer
        }.value
        #expect(await DisplayLoop.settle { layer.statistics.abandoned == 1 })
        let contents = DisplayLoop.drive { layer.contents }.value
        #expect(contents == nil)
        #expect(runs.value == 0)  // check 1
        #expect(log.all == ["did false"])
    }

    @Test func aSynchronousLayerStillRunsTheJobOffTheLoop() async {
        let onLoop = Locked<Bool?>(nil)
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 4, height: 4))
            layer.displaysAsynchronously = false
            layer.displayTask = AsyncLayerDisplayTask(render: { size, scale in
                onLoop.withLock { $0 = DisplayLoop.main.isDrainingOnCurrentThread }
                return try solid(.green, size, scale)
            })
            layer.setNeedsDisplay()
            return layer
        }.value
        #expect(await DisplayLoop.settle { layer.contents != nil })
        #expect(onLoop.value == false)
    }

    @Test func aRenderJobWinsOverADrawingClosure() async {
        let layer = DisplayLoop.drive { () -> AsyncLayer in
            let layer = AsyncLayer(bounds: Rect(x: 0, y: 0, width: 4, height: 4))
            var task = AsyncLayerDisplayTask(display: { context, size in context.fill(Rect(size: size), with: .blue) })
            task.render = { size, scale in try solid(.green, size, scale) }
            layer.displayTask = task
            layer.setNeedsDisplay()
            return layer
        }.value
        #expect(await DisplayLoop.settle { layer.contents != nil && !layer.isDisplaying })
        let (pixel, drawsStarted) = DisplayLoop.drive { (layer.contents?.color(x: 1, y: 1), layer.statistics.drawsStarted) }.value
        #expect(pixel == .green)
        #expect(drawsStarted == 0)
    }
}
