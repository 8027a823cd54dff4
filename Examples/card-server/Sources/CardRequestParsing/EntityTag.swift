/// Whether an `If-None-Match` header matches `etag` (weak comparison, as RFC 9110 §13.1.2 asks):
/// `*`, or one of its comma-separated tags equal to `etag` once `W/` is dropped from both.
public func ifNoneMatch(_ header: String?, matches etag: String) -> Bool {
    guard let header else { return false }
    let tag = etag.hasPrefix("W/") ? etag.dropFirst(2) : Substring(etag)
    for candidate in header.split(separator: ",") {
        var candidate = HTTPText.trimmed(candidate)
        if candidate == "*" { return true }
        if candidate.hasPrefix("W/") { candidate = candidate.dropFirst(2) }
        if candidate == tag { return true }
    }
    return false
}
