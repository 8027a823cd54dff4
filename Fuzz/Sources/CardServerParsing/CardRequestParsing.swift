/// card-server's request parsers, as the fuzz targets call them: the files beside this one are
/// card-server's own `Negotiation.swift` and `ImageName.swift` (links), whose parsers are internal
/// there; this file is the one addition, so card-server itself keeps them internal.
public enum CardRequestParsing {
    /// The format `CardFormat.negotiate(accept:)` chooses for an `Accept` header (`nil`: 406).
    public static func negotiate(accept: String?) -> CardFormat? {
        CardFormat.negotiate(accept: accept)
    }

    /// Whether an `If-None-Match` header matches `etag` (card-server's `ifNoneMatch`).
    public static func ifNoneMatch(_ header: String?, matches etag: String) -> Bool {
        CardServerParsing.ifNoneMatch(header, matches: etag)
    }

    /// The canonical file name of the image that `fileName` names, or `nil` when card-server's
    /// `ImageName(fileName:)` refuses it.
    public static func imageFileName(_ fileName: String) -> String? {
        ImageName(fileName: fileName)?.fileName
    }
}
