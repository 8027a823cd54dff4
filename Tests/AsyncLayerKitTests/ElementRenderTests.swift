import AsyncLayerKit
import Foundation
import LayerKitSupport
import Testing

@Suite struct ElementRenderTests {
    let renderer = ElementRenderer(limits: .testing, imageLoader: BundledImageLoader())

    /// 100 custom elements; the 11th cancels the task rendering the tree (as a superseding
    /// `setNeedsDisplay` would). The renderer stops before the 12th.
    @Test(arguments: [0, 10, 57])
    func aCancelledRenderStopsMidTree(cancelAt: Int) async throws {
        let run = 1000 + cancelAt
        let ticks = (0..<100).map { i in
            Element.custom(TickElement(id: i, cancelAt: cancelAt, run: run), frame: Rect(x: Double(i % 10) * 10, y: Double(i / 10) * 10, width: 10, height: 10))
        }
        let renderer = self.renderer
        let task = Task { try await renderer.render(.view(children: ticks), size: Size(width: 100, height: 100), scale: 1) }
        await #expect(throws: ElementError.cancelled) { try await task.value }
        #expect(TickElement.drawn(in: run) == Array(0...cancelAt))
    }

    @Test func anUncancelledRenderDrawsEveryElement() async throws {
        let run = 2000
        let ticks = (0..<50).map { Element.custom(TickElement(id: $0, run: run), layout: flexLayout(height: 1)) }
        let bitmap = try await renderer.render(.vstack(children: ticks), size: Size(width: 10, height: 100), scale: 1)
        #expect(TickElement.drawn(in: run) == Array(0..<50))
        #expect(bitmap.color(x: 5, y: 25) == .blue)
        #expect(bitmap.color(x: 5, y: 75)?.alpha == 0)
    }

    @Test func roundedCornersBordersAndBackgroundsAreDrawnInOneBitmap() async throws {
        let root = Element.view(frame: Rect(x: 10, y: 10, width: 80, height: 80),
                                style: ElementStyle(background: .red, cornerRadii: CornerRadii(all: 20)))
            .border(width: 4, color: .blue)
        let bitmap = try await renderer.render(root, size: Size(width: 100, height: 100), scale: 2)
        #expect(bitmap.width == 200)
        #expect(bitmap.color(x: 24, y: 24)?.alpha == 0)          // outside the rounded corner
        #expect(bitmap.color(x: 100, y: 100) == .red)             // the middle
        #expect(bitmap.color(x: 100, y: 22) == .blue)             // the border, inside the top edge
        #expect(bitmap.color(x: 100, y: 18)?.alpha == 0)          // outside the element
    }

    @Test func hiddenElementsAndTheirChildrenAreNotDrawn() async throws {
        let run = 3000
        let root = Element.view(children: [
            .view(style: ElementStyle(isHidden: true), children: [.custom(TickElement(id: 1, run: run))]),
            .custom(TickElement(id: 2, run: run), frame: Rect(x: 0, y: 0, width: 5, height: 5)),
        ])
        _ = try await renderer.render(root, size: Size(width: 10, height: 10), scale: 1)
        #expect(TickElement.drawn(in: run) == [2])
    }

    @Test func aVisibleChildOfAHiddenParentIsDrawnWithoutItsParent() async throws {
        let run = 3100
        var visible = Element.custom(TickElement(id: 1, color: .green, run: run), frame: Rect(x: 0, y: 0, width: 5, height: 5))
        visible.style.visibility = ElementVisibility.visible
        let root = Element.view(children: [
            .view(frame: Rect(x: 0, y: 0, width: 10, height: 10), style: ElementStyle(background: .red, isHidden: true),
                  children: [visible, .custom(TickElement(id: 2, run: run))]),
        ])
        let bitmap = try await renderer.render(root, size: Size(width: 10, height: 10), scale: 1)
        #expect(TickElement.drawn(in: run) == [1])               // the hidden sibling inherits hidden
        #expect(bitmap.color(x: 2, y: 2) == .green)
        #expect(bitmap.color(x: 8, y: 8)?.alpha == 0)             // the hidden parent's background is not drawn
    }

    @Test func anOutlineIsDrawnUnderTheElementsOpacity() async throws {
        let json = #"{"version": 2, "root": {"type": "view", "children": [{"type": "view", "style": {"position": "absolute", "left": 10, "top": 10, "width": 20, "height": 20, "opacity": 0.5, "outline": "4px solid #0000ff"}}]}}"#
        let root = try ElementDocument.decode(Array(json.utf8)).root
        let bitmap = try await renderer.render(root, size: Size(width: 40, height: 40), scale: 1)
        let outline = try #require(bitmap.color(x: 8, y: 20))
        #expect(abs(outline.alpha - 0.5) < 0.02 && outline.blue > 0.95)
    }

    @Test func overflowHiddenClipsChildrenToTheRoundedShape() async throws {
        func render(clips: Bool) async throws -> Bitmap {
            let root = Element.view(style: ElementStyle(cornerRadii: CornerRadii(all: 10)),
                                    children: [.view(style: ElementStyle(background: .green))]).clipped(clips)
            return try await renderer.render(root, size: Size(width: 40, height: 40), scale: 1)
        }
        #expect(try await render(clips: true).color(x: 0, y: 0)?.alpha == 0)
        #expect(try await render(clips: false).color(x: 0, y: 0) == .green)
    }

    @Test func namedImagesAreLoadedAndDecodedAtTheirDisplaySize() async throws {
        let root = Element.image(.named("cover"), frame: Rect(x: 0, y: 0, width: 100, height: 56))
        let layout = try ElementLayout.layout(root, in: Size(width: 100, height: 56))
        let images = try await renderer.resolveImages(root, layout: layout, scale: 2)
        let cover = try #require(images.bitmaps[0])
        // Decoded to cover 200×112 px, not at the file's own size.
        #expect(cover.width >= 200 && cover.height >= 112)
        #expect(cover.width <= 400 && cover.height <= 224)
        #expect(cover.width == 200 || cover.height == 112)
    }

    @Test func imageErrorsAreTyped() async {
        let missing = Element.image(.named("nope"), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        // On the shared lanes: a renderer with no executor loads on the cooperative pool, which
        // other tests of this run block on purpose for longer than the default deadline.
        await #expect {
            try await ElementRenderer(lanes: .shared).render(missing, size: Size(width: 10, height: 10), scale: 1)
        } throws: { ($0 as? ElementError) == .noImageLoader(name: "nope") }
        await #expect {
            try await renderer.render(missing, size: Size(width: 10, height: 10), scale: 1)
        } throws: {
            guard case ElementError.imageLoadFailed(let name, _) = $0 else { return false }
            return name == "nope"
        }
        let corrupt = Element.image(.encoded([1, 2, 3, 4]), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        await #expect {
            try await renderer.render(corrupt, size: Size(width: 10, height: 10), scale: 1)
        } throws: {
            guard case ElementError.canvas = $0 else { return false }
            return true
        }
    }

    @Test func pixelSizeIsLimitedBeforeAnything() async {
        let renderer = ElementRenderer(limits: ElementLimits(pixels: PixelLimits(maxPixelCount: 100)))
        await #expect(throws: ElementError.canvas(.tooManyPixels(width: 20, height: 20, limit: 100))) {
            try await renderer.render(.view(), size: Size(width: 10, height: 10), scale: 2)
        }
    }

    /// An embedded image over the pixel limit, in an output within it, is the image's error, so
    /// that a server can say "your image is too big" rather than "your output is too big".
    @Test func anImageOverThePixelLimitIsTheImageCase() async throws {
        let renderer = ElementRenderer(limits: ElementLimits(pixels: PixelLimits(maxPixelCount: 400), maxRenderDuration: nil))
        let png = try ImageEncoder.encode(try Bitmap.render(size: Size(width: 30, height: 30)) { _ in }, as: .png())
        let tree = Element.image(.encoded(png), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        await #expect(throws: ElementError.canvas(.imageTooManyPixels(width: 30, height: 30, limit: 400))) {
            try await renderer.render(tree, size: Size(width: 10, height: 10), scale: 1)
        }
    }

    @Test func aLayoutFromAnotherTreeIsRefused() throws {
        let layout = try ElementLayout.layout(.view(), in: Size(width: 10, height: 10))
        #expect(throws: ElementError.self) {
            try renderer.draw(.view(children: [.view()]), layout: layout, images: ResolvedImages(), scale: 1)
        }
    }

    @Test func aRenderPastItsDeadlineStopsBetweenElements() async {
        let renderer = ElementRenderer(limits: ElementLimits(maxRenderDuration: .milliseconds(30)))
        let slow = (0..<100).map { Element.custom(SlowElement(id: $0, milliseconds: 20), frame: Rect(x: 0, y: 0, width: 1, height: 1)) }
        let start = ContinuousClock.now
        await #expect(throws: ElementError.deadlineExceeded(.milliseconds(30))) {
            try await renderer.render(.view(children: slow), size: Size(width: 10, height: 10), scale: 1)
        }
        #expect(ContinuousClock.now - start < .seconds(1))  // all 100 would take 2 s
    }

    /// A deadline is a promise: it fires on time even while the cooperative pool is saturated —
    /// its wake-up comes from ``DeadlineTimer``'s own thread and resumes the render on its lane,
    /// and the render does not wait for the hanging load to end.
    ///
    /// On Linux libdispatch keeps one pool per priority band. Both bands that matter are blocked:
    /// the default band, where a `Task.sleep` wake-up runs whatever the task's priority (before
    /// the timer thread: 0.94 s late, when libdispatch's monitor added a thread; blocking only the
    /// low or background band left it on time), and the band of the render's own priority
    /// (`userInteractive` shares `high`'s).
    ///
    /// The test runs in a process of its own (an exit test): blocking pool threads would starve
    /// the tests running beside it in this process, and they would keep its blockers from getting
    /// a thread (seen under the thread sanitizer: a minute with the pool half blocked).
    @Test(.timeLimit(.minutes(5)))
    func aHangingImageLoaderCannotHoldTheRenderPastItsDeadline() async {
        // The child reports a failure as a line on standard error and still exits normally, so
        // that the line reaches this process (a failed exit expectation returns no output).
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            if let failure = await ElementRenderTests.deadlineWithThePoolSaturated() {
                FileHandle.standardError.write(Data("FAILED: \(failure)\n".utf8))
            }
        }
        let childErrors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        if let failure = childErrors.split(separator: "\n").first(where: { $0.hasPrefix("FAILED: ") }) {
            Issue.record(Comment(rawValue: String(failure)))
        }
    }

    /// The scenario of the test above, run in the child process; returns what went wrong, if anything.
    static func deadlineWithThePoolSaturated() async -> String? {
        let lanes = RenderLanes(width: 2)
        let limit = Duration.milliseconds(100)
        let renderer = ElementRenderer(limits: ElementLimits(maxRenderDuration: limit), imageLoader: HangingImageLoader(), lanes: lanes)
        let begin = ContinuousClock.now
        let run: (String?, Result<Bitmap, any Error>, Duration)
        do {
            run = try await lanes.renderAsync(priority: .userInteractive) { () async -> (String?, Result<Bitmap, any Error>, Duration) in
                let pool = CooperativePoolBlocker(priorities: [.medium, RenderPriority.userInteractive.taskPriority])
                defer { pool.release() }
                let saturated = pool.saturate() ? nil : "blocked by priority: \(pool.blocked) after \(ContinuousClock.now - begin)"
                let start = ContinuousClock.now
                let outcome: Result<Bitmap, any Error>
                do {
                    outcome = .success(try await renderer.render(.image(.named("cover"), frame: Rect(x: 0, y: 0, width: 10, height: 10)),
                                                                 size: Size(width: 10, height: 10), scale: 1))
                } catch {
                    outcome = .failure(error)
                }
                return (saturated, outcome, ContinuousClock.now - start)
            }
        } catch {
            return "the lanes refused the test's work: \(error)"
        }
        let (saturated, outcome, elapsed) = run
        if let saturated { return "the blockers did not all hold a pool thread: \(saturated)" }
        guard case .failure(let error) = outcome, let elementError = error as? ElementError, elementError == .deadlineExceeded(limit) else {
            return "expected deadlineExceeded(\(limit)), got \(outcome)"
        }
        // The loader sleeps 60 s; the deadline is 100 ms, and it may be at most 100 ms late.
        if elapsed >= limit + .milliseconds(100) { return "the render ended after \(elapsed)" }
        return nil
    }
}
