import ArgumentParser
import AsyncLayerKit
import BenchSupport
import Foundation

/// The HTML path's cost: reading a card (libxml2's parse, the cascade, the box builder) against
/// the cold render of the element tree it gives, for realistic cards; and parse + cascade of
/// generated documents of 500, 5,000 and 50,000 elements, per element and per element × rule.
/// With `--throughput`, cards per second from HTML to PNG, the figure
/// `scripts/html-diff/bench-chromium.py` sets beside headless Chromium's.
struct HTMLBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "html",
        abstract: "HTML cards: reading (parse, cascade, boxes) vs the cold render; parse + cascade at 500 / 5,000 / 50,000 elements.",
        discussion: """
            Cards: each of the named HTML files, read with HTMLCard (parse, cascade, box tree) and \
            rendered at scale 2 by a fresh ElementRenderer (no caches: texts measured, images \
            decoded), in interleaved rounds; the table gives the medians and the reading's share of \
            read + render. A card read again finds its <style> sheets parsed and prepared (a \
            template met before); "read, new sheet" gives each read a sheet no card had (a \
            numbered comment in it), as a card's first read. Parts: the parse alone (HTMLParser), \
            the author sheets parsed and cascaded through the public API (StyleSheet, Cascade with \
            an accept-all validator). Scaling: generated documents of \
            nested cards (a div with a heading, a paragraph with spans, a list) under a sheet of \
            100 rules of every selector kind, parsed and cascaded; time per element and per \
            element × matching rule should stay flat if the work is linear. Throughput \
            (--throughput): each card drawn as a server would, HTMLCard(html:), a fresh \
            ElementRenderer at scale 2 and ImageEncoder's PNG, by one worker and by two concurrent \
            ones (child tasks), --count cards each; cards per second is the total over the wall \
            time, medians of interleaved rounds; --json prints one measurement per card instead.
            """
    )

    @Argument(help: "HTML card files (default: four realistic cards of the conformance corpus).")
    var cards: [String] = ["scripts/html-diff/cards/realistic-tweet.html", "scripts/html-diff/cards/realistic-pricing.html",
                           "scripts/html-diff/cards/realistic-og-blog.html", "scripts/html-diff/cards/realistic-receipt.html"]
    @Option(help: "Interleaved rounds.") var rounds = 5
    @Option(help: "Reads and renders per round and card.") var iterations = 20
    @Flag(help: "Only the cards, not the generated documents.") var cardsOnly = false
    @Flag(help: "Instead of the tables above: cards per second end to end (HTMLCard + cold render at scale 2 + PNG), one worker and two (HTMLBenchThroughput.swift).")
    var throughput = false
    @Option(help: "With --throughput: cards each worker draws per measurement.") var count = 20
    @Option(help: "With --throughput --json: the concurrent workers, 1 or 2.") var workers = 1
    @Flag(help: "With --throughput: one measurement per card at --workers, printed as JSON lines (for scripts/html-diff/bench-chromium.py).")
    var json = false

    func validate() throws {
        guard rounds > 0, iterations > 0, count > 0 else { throw ValidationError("--rounds, --iterations and --count must be positive") }
        guard (1...2).contains(workers) else { throw ValidationError("--workers \(workers): expected 1 or 2") }
    }

    func run() async throws {
        if throughput {
            try await runThroughput()
            return
        }
        let clock = ContinuousClock()
        var sink = 0
        print("HTML cards at scale 2: median of \(rounds) rounds of \(iterations); read = HTMLCard(html:), render = a fresh ElementRenderer")
        print("| card | parse ms | parse + cascade (API) ms | read ms | read, new sheet ms | cold render ms | read / (read + render) | new sheet / (+ render) |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for path in cards {
            let html = try String(contentsOfFile: path, encoding: .utf8)
            let card = try HTMLCard(html: html)
            _ = try await ElementRenderer(fonts: card.fonts).render(card.root, size: card.size, scale: 2)  // warm the fonts and the code
            var parse: [Double] = [], cascade: [Double] = [], read: [Double] = [], fresh: [Double] = [], render: [Double] = []
            // The same card with a `<style>` no card had before (a numbered comment in it): its
            // sheet is parsed and prepared again, as for a card met the first time.
            var serial = 0
            func unseen() -> String {
                serial += 1
                return html.replacingOccurrences(of: "<style>", with: "<style>/* \(serial) */")
            }
            for _ in 0..<rounds {
                parse.append(try Self.time(clock, iterations) { sink &+= try HTMLParser.parse(html).count })
                cascade.append(try Self.time(clock, iterations) { sink &+= try Self.cascade(HTMLParser.parse(html), viewport: card.size).matchSteps })
                read.append(try Self.time(clock, iterations) { sink &+= try HTMLCard(html: html).root.children.count })
                let variants = (0..<iterations).map { _ in unseen() }
                var next = 0
                fresh.append(try Self.time(clock, iterations) {
                    sink &+= try HTMLCard(html: variants[next]).root.children.count
                    next += 1
                })
                render.append(try await Self.timeAsync(clock, iterations) {
                    sink &+= try await ElementRenderer(fonts: card.fonts).render(card.root, size: card.size, scale: 2).width
                })
            }
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            print(String(format: "| %@ (%d elements) | %.3f | %.3f | %.3f | %.3f | %.3f | %.1f %% | %.1f %% |", name,
                         card.tree.nodes.filter { $0.kind == .element }.count,
                         parse.median * 1000, cascade.median * 1000, read.median * 1000, fresh.median * 1000, render.median * 1000,
                         100 * read.median / (read.median + render.median), 100 * fresh.median / (fresh.median + render.median)))
        }
        if cardsOnly { return }
        print("")
        print("Parse + cascade of generated documents (100 rules); median of \(rounds) rounds")
        print("| elements | parse + cascade ms | µs / element | matching rules / element | ns / (element × matching rule) |")
        print("|---:|---:|---:|---:|---:|")
        let sheet = Self.sheet()
        for cardsCount in [50, 500, 5_000] {
            let html = Self.document(cards: cardsCount, sheet: sheet)
            var options = HTMLLimits()
            options.maxElements = 200_000
            options.maxBytes = 64 << 20
            options.maxTextBytes = 64 << 20
            let tree = try HTMLParser.parse(html, limits: options)
            let elements = tree.nodes.filter { $0.kind == .element }.count
            let matching = try Self.matchingRules(tree)
            let repeats = max(1, 20_000 / elements)
            var times: [Double] = []
            for _ in 0..<rounds {
                times.append(try Self.time(clock, repeats) {
                    let parsed = try HTMLParser.parse(html, limits: options)
                    sink &+= try Self.cascade(parsed, viewport: Size(width: 600, height: 400)).styles.count
                })
            }
            let t = times.median
            print(String(format: "| %d | %.2f | %.2f | %.1f | %.1f |", elements, t * 1000, t / Double(elements) * 1e6,
                         Double(matching) / Double(elements), t / Double(matching) * 1e9))
        }
        if sink == 42 { print("") }
    }

    /// The cascade of a document's user-agent-free sheets (`<style>` elements) with an accept-all validator.
    static func cascade(_ tree: HTMLTree, viewport: Size) throws -> CascadeResult {
        var sources: [Cascade.Source] = []
        for (index, node) in tree.nodes.enumerated() where node.isElement("style") {
            sources.append(.init(try StyleSheet(parsing: tree.textContent(of: HTMLTree.NodeID(index))), origin: .author))
        }
        var limits = StyleLimits()
        limits.maximumMatchSteps = 400_000_000
        return try Cascade(sources: sources, viewport: MediaViewport(width: viewport.width, height: viewport.height), limits: limits)
            .run(on: tree) { _, _ in true }
    }

    /// How many (element, rule) pairs match in `tree` under its sheets.
    static func matchingRules(_ tree: HTMLTree) throws -> Int {
        var count = 0
        var limits = StyleLimits()
        limits.maximumMatchSteps = 400_000_000
        for (index, node) in tree.nodes.enumerated() where node.isElement("style") {
            let sheet = try StyleSheet(parsing: tree.textContent(of: HTMLTree.NodeID(index)))
            for rule in sheet.rules {
                for id in tree.nodes.indices where tree.nodes[id].kind == .element {
                    if try rule.selectors.matches(HTMLTree.NodeID(id), in: tree, limits: limits) { count += 1 }
                }
            }
        }
        return count
    }

    /// 100 rules of every selector kind over the generated classes.
    static func sheet() -> String {
        var rules: [String] = []
        for i in 0..<20 {
            rules.append(".card.c\(i) { padding: \(i)px; border: 1px solid #ddd }")
            rules.append(".card.c\(i) > h2 { font-size: \(14 + i % 8)px; color: #123 }")
            rules.append("#card-\(i * 7) p span:nth-child(2n+1) { font-weight: bold }")
            rules.append("ul li:first-child + li, .tag[data-kind=\"k\(i)\"] { color: #456 }")
            rules.append("div:not(.c\(i)) > p > span.s\(i % 5) ~ span { text-decoration: underline }")
        }
        return rules.joined(separator: "\n")
    }

    /// A document of `cards` nested cards: each a div with a heading, a paragraph of spans and a list (10 elements).
    static func document(cards: Int, sheet: String) -> String {
        var html = "<!DOCTYPE html><html><head><style>\(sheet)</style></head><body>"
        for i in 0..<cards {
            html += "<div class=\"card c\(i % 20)\" id=\"card-\(i)\"><h2>Title \(i)</h2><p>"
            for s in 0..<3 { html += "<span class=\"s\(s)\">word \(s)</span> " }
            html += "</p><ul><li>one</li><li class=\"tag\" data-kind=\"k\(i % 20)\">two</li><li>three</li></ul></div>"
        }
        return html + "</body></html>"
    }

    static func time(_ clock: ContinuousClock, _ count: Int, _ body: () throws -> Void) throws -> Double {
        let start = clock.now
        for _ in 0..<count { try body() }
        return (clock.now - start).seconds / Double(count)
    }

    static func timeAsync(_ clock: ContinuousClock, _ count: Int, _ body: () async throws -> Void) async throws -> Double {
        let start = clock.now
        for _ in 0..<count { try await body() }
        return (clock.now - start).seconds / Double(count)
    }
}
