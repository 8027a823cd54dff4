public import AsyncLayerKit
public import CardRequestParsing
public import Foundation
import Mustache

/// The HTML card templates of `GET /og/{template}`: every `NAME.html` or `NAME.mustache` of a
/// folder (`--html-templates DIR`), read, checked and compiled once when the server starts.
///
/// A template is Mustache (hummingbird-project's swift-mustache) over HTML: `{{title}}` is the
/// query parameter `title`, HTML-escaped (`<`, `>`, `&`, `"`, `'`), so a value is always text in
/// the card, never markup. The forms that would put a value in unescaped, or could turn escaping
/// off, are refused when the folder is loaded:
/// - `{{{name}}}` and `{{& name}}` (unescaped variables);
/// - `{{=<% %>=}}` (a delimiter change, behind which the same could hide);
/// - `{{% CONTENT_TYPE: TEXT}}` and any other pragma (a text content type escapes nothing);
/// - partials and blocks (`{{> name}}`, `{{< name}}`, `{{$ name}}`): templates have no library.
///
/// Escaping makes a value safe as element text and inside a quoted attribute; it does not make
/// it a safe CSS value or URL, so a template should not put query values in `<style>`, in a
/// `style` attribute or in `src` (an image URL there is still checked against
/// `--allow-image-host` like any other).
///
/// Each template is also rendered once with no parameters and read as an HTML card, so a template
/// the HTML path refuses (`display: grid`, over a limit) fails startup rather than every request.
public struct HTMLTemplates: Sendable {
    /// One compiled template.
    public struct Template: Sendable {
        /// The template's name (its file name without the extension).
        public let name: String
        /// The file it was read from.
        public let path: String
        let mustache: MustacheTemplate
        /// Whether the template declares its size (`<meta name="card-size" content="…">`); one
        /// that does not is rendered at ``HTMLTemplates/defaultSize``.
        public let declaresSize: Bool

        /// The HTML for `context`, its values HTML-escaped.
        public func render(_ context: [String: Any]) -> String {
            mustache.render(context)
        }
    }

    /// The size of a template that declares none: the Open Graph image size, 1200 × 630.
    public static let defaultSize = Size(width: 1200, height: 630)
    /// The largest template file, in bytes.
    public static let maxFileBytes = 1 << 20
    /// The file name extensions read as templates.
    public static let extensions: Set<String> = ["html", "mustache"]
    /// The suffix of a parameter's list in a template's context (`tags` → `tags_list`).
    public static let listSuffix = "_list"

    /// The templates by name.
    public let templates: [String: Template]

    /// Reads every `NAME.html` and `NAME.mustache` in `folder` (other files are ignored).
    ///
    /// - Throws: ``HTMLTemplateError``, naming the file: a name that is not `[a-z0-9-]+`, two
    ///   files for one name, a file over ``maxFileBytes`` or not UTF-8, a Mustache syntax error,
    ///   a refused tag (unescaped, delimiter change, pragma, partial), or an HTML card that cannot
    ///   be read; and when the folder cannot be listed or holds no template.
    public init(folder: URL, options: HTMLOptions = HTMLOptions()) throws(HTMLTemplateError) {
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw HTMLTemplateError(path: folder.path, reason: "cannot list the folder: \(error.localizedDescription)")
        }
        var templates: [String: Template] = [:]
        for file in files {
            let url = folder.appendingPathComponent(file)
            let ext = url.pathExtension
            guard Self.extensions.contains(ext) else { continue }
            let name = String(file.dropLast(ext.count + 1))
            guard TemplateName.isValid(name) else {
                throw HTMLTemplateError(path: url.path, reason: "a template name is [a-z0-9-]+, at most 64 characters")
            }
            if let other = templates[name] {
                throw HTMLTemplateError(path: url.path, reason: "a second template named \"\(name)\" (\(other.path))")
            }
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw HTMLTemplateError(path: url.path, reason: "cannot read: \(error.localizedDescription)")
            }
            guard data.count <= Self.maxFileBytes else {
                throw HTMLTemplateError(path: url.path, reason: "\(data.count) bytes is over the limit of \(Self.maxFileBytes)")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw HTMLTemplateError(path: url.path, reason: "not UTF-8")
            }
            templates[name] = try Self.compile(text, name: name, path: url.path, options: options)
        }
        guard !templates.isEmpty else {
            throw HTMLTemplateError(path: folder.path, reason: "no template (NAME.html or NAME.mustache) in the folder")
        }
        self.templates = templates
    }

    /// The template named `name`, if there is one.
    public subscript(name: String) -> Template? { templates[name] }

    /// Checks and compiles one template's text.
    static func compile(_ text: String, name: String, path: String, options: HTMLOptions) throws(HTMLTemplateError) -> Template {
        if let refused = refusedTag(in: text) {
            throw HTMLTemplateError(path: path, reason: "line \(refused.line): \(refused.reason)")
        }
        let mustache: MustacheTemplate
        do {
            mustache = try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            throw HTMLTemplateError(path: path, reason: "line \(error.context.lineNumber), column \(error.context.columnNumber): Mustache: \(error.error)")
        } catch {
            throw HTMLTemplateError(path: path, reason: "Mustache: \(error)")
        }
        // The card with no parameters: the HTML path must be able to read it.
        let html = mustache.render([String: Any]())
        var declaresSize = true
        do {
            _ = try HTMLCard(html: html, options: options)
        } catch .missingSize {
            declaresSize = false
            do {
                _ = try HTMLCard(html: html, width: defaultSize.width, height: defaultSize.height, options: options)
            } catch {
                throw HTMLTemplateError(path: path, reason: "as an HTML card: \(error)")
            }
        } catch {
            throw HTMLTemplateError(path: path, reason: "as an HTML card: \(error)")
        }
        return Template(name: name, path: path, mustache: mustache, declaresSize: declaresSize)
    }

    /// The first tag the templates refuse, with its line: `{{{`, `{{&`, `{{=`, `{{%`, `{{>`,
    /// `{{<`, `{{$` (spaces after `{{` allowed). Delimiter changes being refused, `{{` is the only
    /// opening delimiter a template can have, so this scan sees every tag.
    static func refusedTag(in text: String) -> (line: Int, reason: String)? {
        let bytes = Array(text.utf8)
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            guard byte == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            var sigil = index + 2
            while sigil < bytes.count, bytes[sigil] == UInt8(ascii: " ") || bytes[sigil] == UInt8(ascii: "\t") { sigil += 1 }
            if sigil < bytes.count {
                switch bytes[sigil] {
                case UInt8(ascii: "{"), UInt8(ascii: "&"):
                    return (line, "unescaped variables ({{{name}}}, {{& name}}) are refused: query values must be HTML-escaped ({{name}})")
                case UInt8(ascii: "="):
                    return (line, "delimiter changes ({{=<% %>=}}) are refused")
                case UInt8(ascii: "%"):
                    return (line, "pragmas ({{% CONTENT_TYPE: …}}) are refused: they can turn HTML escaping off")
                case UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "$"):
                    return (line, "partials and blocks ({{> name}}, {{< name}}, {{$ name}}) are refused: templates have no library")
                default:
                    break
                }
            }
            index = sigil
        }
        return nil
    }

    /// The Mustache context of a query: each parameter by its name (the first value when it is
    /// repeated), and `NAME_list`: every value of it, each split on commas, trimmed, empty ones
    /// left out (`?tags=swift,html` and `?tags=swift&tags=html` both list `swift`, `html`), for
    /// `{{#tags_list}}<span>{{.}}</span>{{/tags_list}}`. Parameters named in `excluded` (`sig`,
    /// `scale`, `quality`, `strict`) are not in it.
    public static func context(of query: QueryString, excluding excluded: Set<String>) -> [String: Any] {
        var context: [String: Any] = [:]
        var lists: [String: [String]] = [:]
        for item in query.items where !excluded.contains(item.name) {
            if context[item.name] == nil { context[item.name] = item.value }
            lists[item.name + listSuffix, default: []] += item.value.split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        for (name, values) in lists { context[name] = values }
        return context
    }
}

/// A template that cannot be used: the file (or folder) and why. The server does not start.
public struct HTMLTemplateError: Error, CustomStringConvertible {
    /// The template file, or the folder.
    public var path: String
    /// Why.
    public var reason: String

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
