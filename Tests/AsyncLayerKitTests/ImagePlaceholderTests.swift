import AsyncLayerKit
import Foundation
import Testing

/// A loader whose every load fails, as a 404 would.
private struct FailingImageLoader: ElementImageLoader {
    struct NotFound: Error, CustomStringConvertible {
        var description: String { "HTTP status 404" }
    }

    func imageBytes(named name: String) async throws -> [UInt8] { throw NotFound() }
}

/// A loader that reports each call on a stream, then never answers (until cancelled).
private struct ReportingHangingLoader: ElementImageLoader {
    let called: AsyncStream<Void>.Continuation

    func imageBytes(named name: String) async throws -> [UInt8] {
        called.yield()
        // Waits on a stream nobody writes to: its iteration ends only when the task is cancelled.
        let (never, keep) = AsyncStream<Void>.makeStream()
        for await _ in never {}
        withExtendedLifetime(keep) {}
        throw CancellationError()
    }
}

@Suite struct ImagePlaceholderTests {
    static let size = Size(width: 40, height: 40)
    static let grey = Color(red255: 200, green255: 200, blue255: 200)
    static let greyPixel = PremultipliedPixel(red: 200, green: 200, blue: 200, alpha: 255)
    static let whitePixel = PremultipliedPixel(red: 255, green: 255, blue: 255, alpha: 255)

    /// A 40×40 white card holding one 40×40 image.
    static func card(_ source: ImageSource, placeholder: ImagePlaceholder?, radius: Double = 0) -> Element {
        let style = ElementStyle(cornerRadii: CornerRadii(all: radius))
        return .view(layout: flexLayout(width: 40, height: 40), style: ElementStyle(background: .white), children: [
            .image(source, placeholder: placeholder, layout: flexLayout(width: 40, height: 40), style: style),
        ])
    }

    static func document(_ json: String) throws -> ElementDocument {
        try ElementDocument.decode(Array(json.utf8))
    }

    // MARK: JSON

    @Test func jsonReadsNoneAndCSSColours() throws {
        func placeholder(_ value: String) throws -> ImagePlaceholder? {
            let doc = try Self.document(##"{"version": 2, "root": {"type": "image", "image": {"source": {"named": "a"}, "placeholder": \##(value)}}}"##)
            guard case .image(let image) = doc.root.kind else { return nil }
            return image.placeholder
        }
        #expect(try placeholder(#""none""#) == ImagePlaceholder.none)
        #expect(try placeholder(#""NONE""#) == ImagePlaceholder.none)
        #expect(try placeholder(##""#FF0000""##) == ImagePlaceholder.color(Color(red: 1, green: 0, blue: 0)))
        #expect(try placeholder(#""rgb(0 0 255)""#) == ImagePlaceholder.color(Color(red: 0, green: 0, blue: 1)))
        #expect(try placeholder(#""currentColor""#) == ImagePlaceholder.color(StyleColor.currentColor))
        let without = try Self.document(##"{"version": 2, "root": {"type": "image", "image": {"source": {"named": "a"}}}}"##)
        guard case .image(let image) = without.root.kind else { Issue.record("not an image"); return }
        #expect(image.placeholder == nil)
    }

    @Test func jsonRefusesAPlaceholderThatIsNeitherNoneNorAColour() {
        #expect {
            try Self.document(##"{"version": 2, "root": {"type": "image", "image": {"source": {"named": "a"}, "placeholder": "blurry"}}}"##)
        } throws: { error in
            guard case .invalidJSON(let path, let message)? = error as? ElementError else { return false }
            return path.contains("placeholder") && message.contains("none")
        }
    }

    @Test func placeholderRoundTripsThroughJSON() throws {
        for placeholder in [ImagePlaceholder.none, .color(Color(red: 1, green: 0, blue: 0)), .color(StyleColor.currentColor)] {
            let element = Element.image(.named("a"), placeholder: placeholder)
            let decoded = try JSONDecoder().decode(Element.self, from: JSONEncoder().encode(element))
            #expect(decoded == element)
        }
    }

    @Test func inlineImageRunsReadAPlaceholderAndTextRunsRefuseOne() throws {
        let doc = try Self.document(##"{"version": 2, "root": {"type": "text", "text": {"text": [{"text": "hi "}, {"image": {"named": "a"}, "placeholder": "#00FF00"}]}}}"##)
        guard case .text(let text) = doc.root.kind, case .image(let image) = text.runs[1].content else {
            Issue.record("expected a paragraph with an inline image")
            return
        }
        #expect(image.placeholder == ImagePlaceholder.color(Color(red: 0, green: 1, blue: 0)))
        let encoded = try JSONDecoder().decode(Element.self, from: JSONEncoder().encode(doc.root))
        #expect(encoded == doc.root)
        #expect(throws: ElementError.self) {
            try Self.document(##"{"version": 2, "root": {"type": "text", "text": {"text": [{"text": "hi", "placeholder": "red"}]}}}"##)
        }
    }

    // MARK: Rendering

    @Test func withoutAPlaceholderAFailedLoadFailsTheRender() async {
        let renderer = ElementRenderer(limits: .testing, imageLoader: FailingImageLoader())
        await #expect(throws: ElementError.imageLoadFailed(name: "avatar", detail: "HTTP status 404")) {
            _ = try await renderer.render(Self.card(.named("avatar"), placeholder: nil), size: Self.size, scale: 1)
        }
    }

    @Test(arguments: [false, true])
    func aFailedLoadDrawsTheColourPlaceholder(cached: Bool) async throws {
        let renderer = ElementRenderer(limits: .testing, imageLoader: FailingImageLoader(),
                                       cache: cached ? ElementCache(byteLimit: 4 << 20) : nil)
        let bitmap = try await renderer.render(Self.card(.named("avatar"), placeholder: .color(Self.grey)), size: Self.size, scale: 1)
        #expect(bitmap.pixel(x: 20, y: 20) == Self.greyPixel)
        #expect(bitmap.pixel(x: 0, y: 0) == Self.greyPixel)
    }

    @Test func theNonePlaceholderLeavesTheBoxAsItsBackgroundWas() async throws {
        let renderer = ElementRenderer(limits: .testing, imageLoader: FailingImageLoader())
        let bitmap = try await renderer.render(Self.card(.named("avatar"), placeholder: ImagePlaceholder.none), size: Self.size, scale: 1)
        #expect(bitmap.pixel(x: 20, y: 20) == Self.whitePixel)
    }

    /// Bytes that are no image fail to decode: the placeholder stands in for that too.
    @Test func aFailedDecodeDrawsThePlaceholder() async throws {
        let renderer = ElementRenderer(limits: .testing)
        let bad = ImageSource.encoded(Array("<html>not found</html>".utf8))
        await #expect(throws: ElementError.self) {
            _ = try await renderer.render(Self.card(bad, placeholder: nil), size: Self.size, scale: 1)
        }
        let bitmap = try await renderer.render(Self.card(bad, placeholder: .color(Self.grey)), size: Self.size, scale: 1)
        #expect(bitmap.pixel(x: 20, y: 20) == Self.greyPixel)
    }

    /// The placeholder is clipped as the picture would be: to the rounded content box.
    @Test func thePlaceholderIsClippedToTheImagesCorners() async throws {
        let renderer = ElementRenderer(limits: .testing, imageLoader: FailingImageLoader())
        let bitmap = try await renderer.render(Self.card(.named("avatar"), placeholder: .color(Self.grey), radius: 20), size: Self.size, scale: 1)
        #expect(bitmap.pixel(x: 20, y: 20) == Self.greyPixel)
        #expect(bitmap.pixel(x: 0, y: 0) == Self.whitePixel)
    }

    @Test func anInlineImagePlaceholderFillsItsBox() async throws {
        let run = InlineRun(image: InlineImage(.named("emoji"), width: 20, height: 20, placeholder: .color(Self.grey)))
        let root = Element.view(layout: flexLayout(width: 40, height: 40), style: ElementStyle(background: .white), children: [
            Element(.text(TextContent(runs: [run]))),
        ])
        let renderer = ElementRenderer(limits: .testing, imageLoader: FailingImageLoader())
        let layout = try ElementLayout.layout(root, in: Self.size, limits: .testing, scale: 1)
        let area = try #require(layout.nodes[1].text?.attachments.first)
        let origin = layout.nodes[1].contentFrame.origin
        let bitmap = try await renderer.render(root, layout: layout, scale: 1)
        #expect(bitmap.pixel(x: Int(origin.x + area.rect.midX), y: Int(origin.y + area.rect.midY)) == Self.greyPixel)
    }

    /// Cancellation is not a failure the placeholder covers: the render still ends cancelled.
    @Test func cancellationIsNotCoveredByThePlaceholder() async throws {
        let (called, continuation) = AsyncStream<Void>.makeStream()
        let renderer = ElementRenderer(limits: .testing, imageLoader: ReportingHangingLoader(called: continuation))
        let render = Task {
            try await renderer.render(Self.card(.named("avatar"), placeholder: .color(Self.grey)), size: Self.size, scale: 1)
        }
        var iterator = called.makeAsyncIterator()
        _ = await iterator.next()
        render.cancel()
        await #expect(throws: ElementError.cancelled) { _ = try await render.value }
    }

    /// Nor is the render deadline.
    @Test func theDeadlineIsNotCoveredByThePlaceholder() async throws {
        var limits = ElementLimits.testing
        limits.maxRenderDuration = .milliseconds(50)
        let renderer = ElementRenderer(limits: limits, imageLoader: HangingImageLoader())
        await #expect(throws: ElementError.deadlineExceeded(.milliseconds(50))) {
            _ = try await renderer.render(Self.card(.named("avatar"), placeholder: .color(Self.grey)), size: Self.size, scale: 1)
        }
    }
}
