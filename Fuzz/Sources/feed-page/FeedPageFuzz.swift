import AsyncLayerKit
import FeedModel
import FuzzSupport

/// `FeedPage.decode` over arbitrary bytes: it must return or throw a `FeedError`, never crash, and
/// a page it accepts must encode and decode again to the same page.
@_cdecl("LLVMFuzzerTestOneInput")
public func feedPageFuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(fuzzInput(start, count))
    let outcome: Result<(page: FeedPage, again: FeedPage?), FeedError> = runBlocking {
        do throws(FeedError) {
            let page = try await FeedPage.decode(bytes)
            let again = try? await FeedPage.decode(page.jsonBytes())
            return .success((page, again))
        } catch {
            return .failure(error)
        }
    }
    guard case .success(let decoded) = outcome else { return 0 }
    require(decoded.again == decoded.page, "the page changed through encode and decode (or did not decode again)")
    return 0
}
