import AsyncLayerKit
import CardRequestParsing
import Hummingbird
import HTTPTypes
import NIOCore

/// Cards written in HTML and CSS: `POST /render` with a `text/html` body, and the Mustache
/// templates of `GET /og/{template}`. Both read the HTML into an element tree (``HTMLCard``) and
/// then take the JSON route's path (`respond(tree:…)`): the same limits, admission, deadline,
/// content-hash ETag over the tree and the parameters, `If-None-Match`, and caches.
extension CardServer {
    /// How many warnings `X-Card-Warning` lines carry, at most (`X-Card-Warnings` counts them all).
    static let warningHeaderLines = 5
    /// How many warnings a strict-mode 422 body lists, at most.
    static let maxListedWarnings = 100
    /// The default scale of `/og` images: 1, since Open Graph sizes are pixels (1200 × 630).
    public static let templateDefaultScale = 1.0
    /// The query parameters `/og` reads itself, kept out of a template's context.
    static let renderParameterNames: Set<String> = [URLSigner.signatureParameter, "scale", "quality", "strict"]

    /// How HTML cards are read here: the HTML path's limits within the server's (body bytes,
    /// elements, depth, text), never strict (strict mode is the route's, to list every warning).
    var htmlOptions: HTMLOptions { Self.htmlOptions(for: configuration) }

    /// ``htmlOptions`` for `configuration`.
    static func htmlOptions(for configuration: CardServerConfiguration) -> HTMLOptions {
        var options = HTMLOptions()
        options.limits.maxBytes = min(options.limits.maxBytes, configuration.maxBodyBytes)
        options.limits.maxElements = min(options.limits.maxElements, configuration.limits.maxNodes)
        options.limits.maxDepth = min(options.limits.maxDepth, configuration.limits.maxDepth)
        options.limits.maxTextBytes = min(options.limits.maxTextBytes, configuration.limits.maxTextUTF8Bytes)
        return options
    }

    /// `POST /render` with `Content-Type: text/html`: the body read as UTF-8 (bad bytes become
    /// U+FFFD, as a browser reads them), sized by `?width=`/`?height=` or the card's
    /// `<meta name="card-size">`.
    func renderPostedHTML(_ body: ByteBuffer, request: Request, format: CardFormat, width: Double?, height: Double?, strict: Bool) async throws -> Response {
        let html = String(decoding: body.readableBytesView, as: UTF8.self)
        let card = try HTMLCard(html: html, width: width, height: height, options: htmlOptions)
        return try await respond(card: card, strict: strict, request: request, format: format, cacheControl: "no-cache",
                                 defaultScale: Self.defaultScale)
    }

    /// `GET /og/{template}`: the template rendered with the query as its context (HTML-escaped),
    /// after the signature (when a key is set) and the query limits are checked.
    func renderHTMLTemplate(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let name = try context.parameters.require("template")
        let format = try Self.format(for: request)
        let query = try QueryString(parsing: Substring(request.uri.query ?? ""), maxBytes: configuration.maxQueryBytes)
        // The signature first: an unsigned request learns nothing, not even which templates exist.
        if let signer, !signer.isValid(path: request.uri.path, query: query) {
            let given = query.values(of: URLSigner.signatureParameter)
            throw CardServerError(status: .forbidden,
                                  message: given.isEmpty ? "this server renders signed URLs only: sig is missing" : "sig does not match this URL",
                                  limit: "signature")
        }
        try checkTemplateQuery(query)
        guard TemplateName.isValid(name), let template = htmlTemplates?[name] else {
            let known = htmlTemplates.map { $0.templates.keys.sorted().joined(separator: ", ") } ?? ""
            throw CardServerError(status: .notFound,
                                  message: "no HTML template \"\(name.prefix(64))\"" + (known.isEmpty ? " (the server has no --html-templates folder)" : " (\(known))"))
        }
        let strict = try RenderParameters.flag(query.first("strict").map { Substring($0) }, name: "strict")
        let html = template.render(HTMLTemplates.context(of: query, excluding: Self.renderParameterNames))
        let size = template.declaresSize ? nil : HTMLTemplates.defaultSize
        let card = try templateCard(html, name: name, size: size)
        return try await respond(card: card, strict: strict, request: request, format: format, cacheControl: "public, max-age=60",
                                 defaultScale: Self.templateDefaultScale)
    }

    /// The card a template made: too many bytes is not a body the client sent (413) but what the
    /// template made of its parameters (422, `limit: html-bytes`).
    private func templateCard(_ html: String, name: String, size: Size?) throws -> HTMLCard {
        do {
            return try HTMLCard(html: html, width: size?.width, height: size?.height, options: htmlOptions)
        } catch {
            guard case .documentTooLarge(let bytes, let limit) = error else { throw error }
            throw CardServerError(status: .unprocessableContent, message: "template \(name): its HTML is \(bytes) bytes, over the limit of \(limit)",
                                  limit: "html-bytes")
        }
    }

    /// A template query's bounds: parameter count, names `[A-Za-z0-9_-]` (at most 64, none ending
    /// in `_list`, which the context uses), value length, and a `sig` that could be one (base64url,
    /// at most 64 characters) even when no signature is asked for.
    private func checkTemplateQuery(_ query: QueryString) throws(CardServerError) {
        guard query.items.count <= configuration.maxQueryParameters else {
            throw CardServerError(status: .badRequest, message: "query: \(query.items.count) parameters is over the limit of \(configuration.maxQueryParameters)",
                                  limit: "query")
        }
        for item in query.items {
            let nameIsUsable = !item.name.isEmpty && item.name.utf8.count <= 64 && item.name.utf8.allSatisfy { byte in
                QueryString.isUnreserved(byte) && byte != UInt8(ascii: ".") && byte != UInt8(ascii: "~")
            }
            guard nameIsUsable, !item.name.hasSuffix(HTMLTemplates.listSuffix) else {
                throw CardServerError(status: .badRequest,
                                      message: "query: parameter \"\(item.name.prefix(64))\": names are [A-Za-z0-9_-], at most 64, not ending in \(HTMLTemplates.listSuffix)",
                                      limit: "query")
            }
            let length = item.value.unicodeScalars.count
            guard length <= configuration.maxQueryValueLength else {
                throw CardServerError(status: .badRequest,
                                      message: "query: parameter \(item.name) is \(length) characters, over the limit of \(configuration.maxQueryValueLength)",
                                      limit: "query")
            }
            if item.name == URLSigner.signatureParameter {
                guard length <= 64, item.value.utf8.allSatisfy({ QueryString.isUnreserved($0) && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "~") || $0 == UInt8(ascii: "=") }) else {
                    throw CardServerError(status: .badRequest, message: "query: sig is base64url, at most 64 characters", limit: "query")
                }
            }
        }
    }

    /// An HTML card's image: strict mode's refusal, the tree's limits and image names, then the
    /// JSON route's path with the card's own fonts; the warnings go in `X-Card-Warnings` and
    /// `X-Card-Warning`.
    private func respond(card: HTMLCard, strict: Bool, request: Request, format: CardFormat, cacheControl: String,
                         defaultScale: Double) async throws -> Response {
        if strict, let first = card.warnings.first {
            let count = card.warnings.count
            var error = CardServerError(status: .unprocessableContent,
                                        message: "strict: the card has \(count) warning\(count == 1 ? "" : "s"); the first: \(first)",
                                        limit: "strict")
            error.warnings = Array(card.warnings.prefix(Self.maxListedWarnings))
            throw error
        }
        try configuration.limits.check(card.root)
        try checkImageNames(in: card.root)
        let tree = try HashedElement(card.root)
        var response = try await respond(tree: tree, size: card.size, layout: nil, service: service, format: format, request: request,
                                          cacheControl: cacheControl, fonts: card.fonts, defaultScale: defaultScale)
        Self.addWarnings(card.warnings, to: &response.headers)
        return response
    }

    /// `X-Card-Warnings: N`, and the first ``warningHeaderLines`` warnings as `X-Card-Warning`
    /// lines (``headerSafe(_:limit:)``).
    static func addWarnings(_ warnings: [StyleWarning], to headers: inout HTTPFields) {
        headers[.cardWarnings] = String(warnings.count)
        for warning in warnings.prefix(warningHeaderLines) {
            headers.append(HTTPField(name: .cardWarning, value: headerSafe(warning.description)))
        }
    }

    /// `text` as a header value: printable ASCII kept, `%` and every other byte of its UTF-8
    /// percent-encoded (so no control character, line break or non-ASCII byte reaches the
    /// header), cut to `limit` bytes with `...`.
    static func headerSafe(_ text: String, limit: Int = 200) -> String {
        var safe: [UInt8] = []
        for byte in text.utf8 {
            let encoded = (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "%") ? [byte] : QueryString.percentEscape(byte)
            guard safe.count + encoded.count <= limit - 3 else { return String(decoding: safe, as: UTF8.self) + "..." }
            safe += encoded
        }
        return String(decoding: safe, as: UTF8.self)
    }
}

extension HTTPField.Name {
    /// The number of an HTML card's warnings.
    static var cardWarnings: Self { .init("X-Card-Warnings")! }
    /// One of an HTML card's warnings (the first few).
    static var cardWarning: Self { .init("X-Card-Warning")! }
}
