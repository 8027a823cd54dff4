/// The sample feed's constants: its size, its seed and its images' names. `feed-gen` makes the
/// page from them deterministically (the same page on every run and every machine; a test checks
/// the committed page is what it makes), and ``SampleFeedImages`` draws the images.
public enum SampleFeedGenerator {
    /// The number of items of the bundled page.
    public static let itemCount = 300
    /// The seed of the bundled page.
    public static let seed: UInt64 = 0x5EED_0001

    /// The bundled photos (mock items' images).
    public static let photoNames = (1...10).map { "photo-" + (($0 < 10 ? "0" : "") + String($0)) }
    /// The bundled live-card covers.
    public static let coverNames = (1...3).map { "cover-\($0)" }
    /// The bundled avatars.
    public static let avatarNames = (1...3).map { "avatar-\($0)" }
}
