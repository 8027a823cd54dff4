import Canvas
import Elements
public import Foundation
import HTML
public import PaintCorpus

/// One card's result against Chromium's answers.
public struct HTMLOutcome: Sendable {
    /// The card's id.
    public var id: String
    /// The card's group.
    public var group: String
    /// Reported elements, and those whose four edges are within 1 px of Chromium's.
    public var elements = 0
    /// See ``elements``.
    public var elementsWithin = 0
    /// Reported texts, and those on as many lines as in Chromium.
    public var texts = 0
    /// See ``texts``.
    public var textsSame = 0
    /// SSIM of the two pictures at scale 2, on luma composited on white.
    public var ssim = 0.0
    /// The first element off by more than 1 px (`tag: ours vs chromium`), or why none could be compared.
    public var firstDifference: String?
    /// The first text on another number of lines.
    public var firstLineDifference: String?
    /// Why the card could not be read or rendered, if it could not.
    public var failure: String?
    /// Every element, `tag: ours vs chromium` with a mark where it differs (for `--detail`).
    public var detail: [String] = []
    /// Every text, `"text": ours vs chromium`.
    public var lineDetail: [String] = []

    /// Whether the card meets the targets: every element within 1 px, every text on as many
    /// lines, SSIM ≥ 0.97.
    public var meetsTargets: Bool {
        failure == nil && elementsWithin == elements && textsSame == texts && ssim >= HTMLConformance.minSSIM
    }
}

/// Our side of the HTML bench: a card read by ``HTMLCard``, laid out and rendered at scale 2, its
/// frames, line counts and picture compared with Chromium's.
public enum HTMLConformance {
    /// Device pixels per CSS px, on both sides.
    public static let scale = 2.0
    /// The per-card SSIM target.
    public static let minSSIM = 0.97
    /// The renderer's limits: the defaults with a generous deadline, since `make test` runs the
    /// bench beside every other suite on a loaded machine (a card takes milliseconds alone).
    static let limits: ElementLimits = {
        var limits = ElementLimits.default
        limits.maxRenderDuration = .seconds(120)
        return limits
    }()

    /// The card compared with Chromium's answers and picture (`nil`: none).
    public static func outcome(_ card: HTMLCorpusCard, chromium: RGBAImage?) async -> (HTMLOutcome, RGBAImage?) {
        var outcome = HTMLOutcome(id: card.id, group: card.group)
        outcome.elements = card.boxes.count
        outcome.texts = card.lines.count
        let html: HTMLCard
        let layout: LayoutResult
        let image: RGBAImage
        do {
            html = try HTMLCard(html: card.html, width: card.width, height: card.height)
            layout = try ElementLayout.layout(html.root, in: html.size, scale: scale, fonts: html.fonts)
            image = RGBAImage(try await ElementRenderer(limits: limits, fonts: html.fonts).render(html.root, size: html.size, scale: scale))
        } catch {
            outcome.failure = "\(error)"
            return (outcome, nil)
        }
        let frames = html.frames(in: layout)
        if frames.map(\.tag) == card.tags {
            for (frame, box) in zip(frames, card.boxes) {
                let f = frame.frame
                let within = abs(f.minX - box[0]) <= 1 && abs(f.minY - box[1]) <= 1 && abs(f.maxX - box[0] - box[2]) <= 1 && abs(f.maxY - box[1] - box[3]) <= 1
                outcome.detail.append("\(within ? " " : "✗") \(frame.tag) #\(frame.node.index): ours \(format(f)) vs chromium \(box.map { String(format: "%.2f", $0) }.joined(separator: " "))")
                if within {
                    outcome.elementsWithin += 1
                } else if outcome.firstDifference == nil || outcome.firstDifference!.hasPrefix("html") || outcome.firstDifference!.hasPrefix("body") {
                    outcome.firstDifference = "\(frame.tag) #\(frame.node.index): ours \(format(f)) vs chromium \(box.map { String(format: "%.2f", $0) }.joined(separator: " "))"
                }
            }
        } else {
            outcome.firstDifference = "element lists differ: ours \(frames.count) (\(frames.map(\.tag).prefix(12).joined(separator: " "))…), chromium \(card.tags.count)"
        }
        let lines = html.textLines(in: layout)
        if lines.count == card.lines.count {
            for (index, (ours, theirs)) in zip(lines, card.lines).enumerated() {
                outcome.lineDetail.append("\(ours.lines == theirs ? " " : "✗") \"\(card.lineTexts[index])\": ours \(ours.lines) vs chromium \(theirs)")
                if ours.lines == theirs {
                    outcome.textsSame += 1
                } else if outcome.firstLineDifference == nil {
                    outcome.firstLineDifference = "\"\(card.lineTexts[index])\": ours \(ours.lines) lines vs chromium \(theirs)"
                }
            }
        } else {
            outcome.firstLineDifference = "text lists differ: ours \(lines.count), chromium \(card.lines.count)"
        }
        if let chromium, chromium.width == image.width, chromium.height == image.height {
            outcome.ssim = ImageComparison.ssim(image.lumaOverWhite(), chromium.lumaOverWhite(), width: image.width, height: image.height)
        }
        return (outcome, image)
    }

    /// Chromium's picture of a card, `<id>.png` in `folder`; `nil` when there is none.
    public static func chromiumImage(_ card: HTMLCorpusCard, in folder: URL) throws -> RGBAImage? {
        let url = folder.appendingPathComponent(card.id + ".png")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try RGBAImage(encoded: [UInt8](Data(contentsOf: url)))
    }

    /// The totals of `outcomes`: elements within 1 px, texts on as many lines, cards at SSIM ≥ 0.97.
    public static func summary(_ outcomes: [HTMLOutcome]) -> String {
        let elements = outcomes.reduce(0) { $0 + $1.elements }, within = outcomes.reduce(0) { $0 + $1.elementsWithin }
        let texts = outcomes.reduce(0) { $0 + $1.texts }, same = outcomes.reduce(0) { $0 + $1.textsSame }
        let ssim = outcomes.filter { $0.ssim >= minSSIM }.count
        let met = outcomes.filter(\.meetsTargets).count
        func percent(_ a: Int, _ b: Int) -> String { b == 0 ? "-" : String(format: "%.1f %%", 100 * Double(a) / Double(b)) }
        return "elements within 1 px: \(within)/\(elements) (\(percent(within, elements))); texts on as many lines: \(same)/\(texts) (\(percent(same, texts))); "
            + "cards at SSIM ≥ \(minSSIM): \(ssim)/\(outcomes.count) (\(percent(ssim, outcomes.count))); cards meeting every target: \(met)/\(outcomes.count)"
    }

    private static func format(_ r: Rect) -> String {
        [r.minX, r.minY, r.width, r.height].map { String(format: "%.2f", $0) }.joined(separator: " ")
    }
}

extension HTMLConformance {
    /// Every card of `cards.json` (PNGs in `png/` beside it) against Chromium's answers, in order.
    public static func run(cards url: URL) async throws -> [HTMLOutcome] {
        let pngs = url.deletingLastPathComponent().appendingPathComponent("png")
        var outcomes: [HTMLOutcome] = []
        for card in try HTMLCorpusCard.load(url) {
            outcomes.append(await outcome(card, chromium: try chromiumImage(card, in: pngs)).0)
            // A card's render never suspends: without this the run would hold a thread of the
            // cooperative pool for minutes, starving every test that runs beside it.
            await Task.yield()
        }
        return outcomes
    }

    /// The known-failures file of a run: the totals, and every card below target with its reason.
    public struct KnownFailures: Codable, Equatable, Sendable {
        /// Elements within 1 px, of all.
        public var elementsWithin: Int
        /// Texts on as many lines, of all.
        public var textsSame: Int
        /// Cards at SSIM ≥ 0.97.
        public var cardsAtSSIM: Int
        /// Card id → why it is below target.
        public var cards: [String: String]
    }

    /// The known failures of `outcomes`.
    public static func knownFailures(_ outcomes: [HTMLOutcome]) -> KnownFailures {
        var cards: [String: String] = [:]
        for o in outcomes where !o.meetsTargets {
            var reasons: [String] = []
            if let failure = o.failure { reasons.append("not rendered: \(failure)") }
            if o.elementsWithin < o.elements { reasons.append("elements \(o.elementsWithin)/\(o.elements), first \(o.firstDifference ?? "?")") }
            if o.textsSame < o.texts { reasons.append("lines \(o.textsSame)/\(o.texts), first \(o.firstLineDifference ?? "?")") }
            if o.ssim < minSSIM { reasons.append(String(format: "ssim %.3f", o.ssim)) }
            cards[o.id] = reasons.joined(separator: "; ")
        }
        return KnownFailures(elementsWithin: outcomes.reduce(0) { $0 + $1.elementsWithin }, textsSame: outcomes.reduce(0) { $0 + $1.textsSame },
                             cardsAtSSIM: outcomes.filter { $0.ssim >= minSSIM }.count, cards: cards)
    }

    /// The file's bytes: sorted keys, one card a line.
    public static func encode(_ known: KnownFailures) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(known)
    }
}
