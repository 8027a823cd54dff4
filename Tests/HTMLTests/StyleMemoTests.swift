import Foundation
import HTMLCorpus
import Testing
@testable import HTML

/// The readings cards share by style number (`StyleMemo`: cascaded values by matched rules,
/// resolved styles, box, inline and marker readings): a card read once, read again, and read
/// with the sharing off must give the same element tree and the same warnings.
@Suite struct StyleMemoTests {
    static let cards = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ChromiumCards/cards.json")

    @Test func everyCorpusCardReadsTheSameAgainAndWithoutSharing() async throws {
        let cards = try HTMLCorpusCard.load(Self.cards)
        #expect(cards.count >= 200)
        for card in cards {
            let alone = try StyleMemo.$sharesReadings.withValue(false) { try HTMLCard(html: card.html, width: card.width, height: card.height) }
            let first = try HTMLCard(html: card.html, width: card.width, height: card.height)
            let again = try HTMLCard(html: card.html, width: card.width, height: card.height)
            #expect(first.root == alone.root && again.root == alone.root, "\(card.id): the element tree differs")
            #expect(first.warnings == alone.warnings && again.warnings == alone.warnings, "\(card.id): the warnings differ")
            await Task.yield()
        }
    }

    /// Warnings a shared reading gave are given again, at the path of the element read.
    @Test func aSharedReadingGivesItsWarningsAgainForEachElement() throws {
        let html = """
            <!DOCTYPE html><style>.a { font-variant: small-caps; border: 2px solid red } .b { outline-style: dotted }</style>
            <div class="a">one</div><p>x <span class="b">two</span> <span class="b">three</span></p><div class="a">four</div>
            """
        let first = try HTMLCard(html: html, width: 200, height: 100)
        let again = try HTMLCard(html: html, width: 200, height: 100)
        #expect(first.warnings == again.warnings)
        let blocks = Set(first.warnings.filter { $0.property == "font-variant" }.map(\.path))
        #expect(blocks.count == 2, "one font-variant warning per div: \(first.warnings)")
        let inlines = Set(first.warnings.filter { $0.property == "outline-style" }.map(\.path))
        #expect(inlines.count == 2, "one outline-style warning per span: \(first.warnings)")
    }

    /// The generic families of the options are part of what a shared reading depends on.
    @Test func theSameCardWithOtherGenericFamiliesIsReadAnew() throws {
        let html = "<!DOCTYPE html><style>p { font-family: sans-serif }</style><p>Text</p>"
        let plain = try HTMLCard(html: html, width: 200, height: 100)
        var options = HTMLOptions()
        options.genericFamilies = ["sans-serif": "DejaVu Serif"]
        let mapped = try HTMLCard(html: html, width: 200, height: 100, options: options)
        let again = try HTMLCard(html: html, width: 200, height: 100)
        #expect(plain.root != mapped.root)
        #expect(plain.root == again.root)
    }
}
