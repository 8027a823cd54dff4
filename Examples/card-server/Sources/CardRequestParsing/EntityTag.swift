/// Whether an `If-None-Match` header matches `etag` (weak comparison, as RFC 9110 §13.1.2 asks):
/// `*`, or one of its comma-separated tags equal to `etag`, byte for byte, once `W/` is dropped
/// from both.
public func ifNoneMatch(_ header: String?, matches etag: String) -> Bool {
    guard let header else { return false }
    let tag = etag.utf8.starts(with: "W/".utf8) ? etag.dropFirst(2) : Substring(etag)
    for candidate in HTTPText.split(header[...], at: ",") {
        var candidate = HTTPText.trimmed(candidate)
        if HTTPText.same(candidate, "*") { return true }
        if candidate.utf8.starts(with: "W/".utf8) { candidate = candidate.dropFirst(2) }
        if HTTPText.same(candidate, tag) { return true }
    }
    return false
}
