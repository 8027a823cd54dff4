import AsyncLayerKit
import FuzzSupport

/// `ElementDocument.decode` over arbitrary bytes (its seeds are version 1 and version 2 documents):
/// it must return or throw an `ElementError`, never crash, and a document it accepts must encode
/// and decode again to the same tree (what the render cache's content hash relies on).
@_cdecl("LLVMFuzzerTestOneInput")
public func elementDocumentFuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(start, count)
    guard let document = try? ElementDocument.decode(bytes) else { return 0 }
    let json: [UInt8]
    do {
        json = try document.jsonBytes()
    } catch {
        require(false, "an accepted document does not encode: \(error)")
        return 0
    }
    do {
        let again = try ElementDocument.decode(json)
        require(again == document, "the document changed through encode and decode")
        require(try again.root.contentHash() == document.root.contentHash(), "the content hash changed through encode and decode")
    } catch {
        require(false, "the encoded document does not decode: \(error)")
    }
    return 0
}
