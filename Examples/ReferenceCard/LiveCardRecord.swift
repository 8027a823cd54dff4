/// The data of one live-stream feed card: the `records` of
/// `../shared/bench/peers/spec/feed-card.json`.
public struct LiveCardRecord: Hashable, Sendable, Codable {
    /// The tag in the top-left corner ("直播" or "LIVE").
    public var tag: String
    /// The streamer's nickname, one line, cut with an ellipsis.
    public var nickname: String
    /// The audience count, right-aligned.
    public var viewers: String
    /// The stream title, at most two lines.
    public var title: String
    /// The category label under the cover.
    public var category: String

    /// Creates a record.
    public init(tag: String, nickname: String, viewers: String, title: String, category: String) {
        self.tag = tag
        self.nickname = nickname
        self.viewers = viewers
        self.title = title
        self.category = category
    }

    /// The two records of the spec: 0 has a CJK tag and mixed title, 1 a Latin tag.
    public static let samples: [LiveCardRecord] = [
        LiveCardRecord(
            tag: "直播",
            nickname: "夏天的小鹿SummerDeer官方直播间·欢迎常来玩",
            viewers: "1.2万 watching",
            title: "【周末特别企划】Live from the Bund: 上海外滩夜景漫步 + Q&A with special guests，一起聊聊城市旅行、街头美食和手机摄影技巧",
            category: "户外 · Travel"
        ),
        LiveCardRecord(
            tag: "LIVE",
            nickname: "TheMidnightGamer_Official_Stream_Channel",
            viewers: "1.2万 watching",
            title: "Ranked grind to Grandmaster tonight — 今晚冲分宗师! Come hang out, ask me anything about builds, routing and late-game strategy",
            category: "Games · 游戏"
        ),
    ]
}
