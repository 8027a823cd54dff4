import AsyncLayerKit
import AsyncLayerKitTesting
import FeedSupport

/// The page's generator, here rather than in FeedSupport so that the seeded generator (from
/// AsyncLayerKitTesting, which links Swift Testing) stays out of the programs that only read the feed.
extension SampleFeedGenerator {
    /// The page: `count` items, about one in six a live card, the rest mock items with one to
    /// four texts (short, medium and long; Chinese, English and mixed) and zero to nine images.
    static func page(count: Int = itemCount, seed: UInt64 = seed) -> FeedPage {
        var rng = SplitMix64(seed: seed)
        var items: [FeedItem] = []
        for index in 0..<count {
            let id = String(format4(index))
            if rng.next(upTo: 6) == 0 {
                items.append(.liveCard(id: "live-\(id)", liveCard(&rng)))
            } else {
                let texts = (0..<(1 + rng.next(upTo: 4))).map { line in text(&rng, headline: line == 0) }
                let imageCount = [0, 0, 1, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 9][rng.next(upTo: 15)]
                let images = (0..<imageCount).map { _ in photoNames[rng.next(upTo: photoNames.count)] }
                items.append(.mock(id: "item-\(id)", texts: texts, images: images))
            }
        }
        return FeedPage(items: items, next: nil)
    }

    private static func format4(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    // MARK: Texts

    static let headlinesEN = [
        "Weekend market finds", "Rainy evening in the old town", "First snow on the ridge", "Coffee, code and a quiet morning",
        "Night ferry across the river", "Street food tour, part 3", "Tiny balcony garden update", "Sunrise hike, no filter",
    ]
    static let headlinesZH = [
        "周末市集小记", "老城区的雨夜", "山脊上的第一场雪", "咖啡、代码和安静的早晨", "夜渡过江", "街头美食之旅（三）", "阳台小花园更新", "日出徒步，原图直出",
    ]
    static let sentencesEN = [
        "The light was perfect for about ten minutes and then it was gone.",
        "We found a tiny shop that sells hand-made notebooks and stayed for an hour.",
        "Honestly the best noodles I have had this year, and the queue was worth it.",
        "Pre-layout means the heights are ready before the list ever asks for them.",
        "Bring a jacket: the wind on the bridge is much colder than you would expect.",
        "Three trains, one bus and a long walk, but the view at the top made up for all of it.",
        "If you go early on a weekday you will have the whole garden to yourself.",
        "The old bookshop on the corner finally reopened after the renovation.",
    ]
    static let sentencesZH = [
        "光线只完美了十分钟左右，然后就消失了。",
        "我们发现了一家卖手工笔记本的小店，一待就是一个小时。",
        "这是我今年吃过最好吃的面，排队也值得。",
        "预排版的意思是：列表还没开口要，高度就已经算好了。",
        "记得带外套，桥上的风比想象中冷得多。",
        "三趟火车、一趟公交，再走很久的路，山顶的风景让一切都值了。",
        "工作日早点去的话，整个花园都是你一个人的。",
        "街角那家老书店装修完终于重新开业了。",
    ]
    static let mixed = [
        "今天试了新的 film simulation，颜色很有 vintage 的感觉 📷",
        "Live from the Bund 外滩夜景 + Q&A，欢迎来聊 city walk 路线",
        "Swift 6 的 strict concurrency 打开之后，warnings 一个一个消掉，很有成就感",
        "周末去了 farmers market，买了 sourdough 和一大把 tulips 🌷",
        "Async rendering 的关键：解码、排版、绘制都不在主线程 (main thread) 上",
    ]

    static func text(_ rng: inout SplitMix64, headline: Bool) -> String {
        if headline {
            switch rng.next(upTo: 3) {
            case 0: return headlinesEN[rng.next(upTo: headlinesEN.count)]
            case 1: return headlinesZH[rng.next(upTo: headlinesZH.count)]
            default: return mixed[rng.next(upTo: mixed.count)]
            }
        }
        // Body: one to six sentences of one language or a mix.
        let length = [1, 1, 2, 2, 3, 4, 6][rng.next(upTo: 7)]
        let style = rng.next(upTo: 3)
        var parts: [String] = []
        for _ in 0..<length {
            switch style {
            case 0: parts.append(sentencesEN[rng.next(upTo: sentencesEN.count)])
            case 1: parts.append(sentencesZH[rng.next(upTo: sentencesZH.count)])
            default:
                parts.append(rng.next(upTo: 2) == 0 ? sentencesZH[rng.next(upTo: sentencesZH.count)]
                                                    : mixed[rng.next(upTo: mixed.count)])
            }
        }
        return parts.joined(separator: style == 1 ? "" : " ")
    }

    static let nicknames = [
        "夏天的小鹿SummerDeer官方直播间·欢迎常来玩", "TheMidnightGamer_Official_Stream_Channel", "阿杰的厨房 Jay's Kitchen",
        "City Walker 城市漫步", "小林同学在画画", "DJ Nova · Late Night Sets",
    ]
    static let titles = [
        "【周末特别企划】Live from the Bund: 上海外滩夜景漫步 + Q&A with special guests，一起聊聊城市旅行、街头美食和手机摄影技巧",
        "Ranked grind to Grandmaster tonight — 今晚冲分宗师! Come hang out, ask me anything about builds, routing and late-game strategy",
        "今晚做红烧肉，手把手教你不翻车 🍖",
        "Sketching the old harbour in watercolour, chill music, no talking",
        "深夜电台：聊聊最近听的歌和看的书",
        "Building a SwiftUI-style list renderer on Linux, live coding",
    ]
    static let categories = ["户外 · Travel", "Games · 游戏", "美食 · Food", "Art · 绘画", "音乐 · Music", "Tech · 科技"]

    static func liveCard(_ rng: inout SplitMix64) -> FeedItem.LiveCard {
        let pick = rng.next(upTo: nicknames.count)
        let viewers = ["3,214 watching", "1.2万 watching", "8.7万 watching", "562 watching", "12.4万 watching"][rng.next(upTo: 5)]
        return FeedItem.LiveCard(
            tag: rng.next(upTo: 2) == 0 ? "直播" : "LIVE",
            nickname: nicknames[pick],
            viewers: viewers,
            title: titles[(pick + rng.next(upTo: 2)) % titles.count],
            category: categories[pick],
            cover: coverNames[rng.next(upTo: coverNames.count)],
            avatar: avatarNames[rng.next(upTo: avatarNames.count)]
        )
    }
}
