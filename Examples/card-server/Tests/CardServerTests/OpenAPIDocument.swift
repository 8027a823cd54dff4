import Foundation
import HTTPTypes

/// One request through the live application, and what it got.
struct Probe: Sendable {
    var operation: String
    var status: Int
    var headers: HTTPFields
    var body: [UInt8]
}

/// The parts of card-server's OpenAPI document the tests compare with the server: operations,
/// their parameters, and per status the media types, required headers and error body schema.
struct OpenAPIDocument: Sendable {
    struct Parameter: Sendable {
        var name: String
        var location: String
        var required: Bool
        var minimum: Double?
        var maximum: Double?
        var exclusiveMinimum: Double?
        var maxLength: Int?
        var defaultValue: Double?
    }

    /// The schema of the error body: required and allowed keys, and the `limit` names.
    struct ErrorSchema: Sendable {
        var required: Set<String>
        var properties: Set<String>
        var limits: Set<String>
    }

    struct Response: Sendable {
        var mediaTypes: Set<String>
        var requiredHeaders: [String]
        var error: ErrorSchema?
    }

    struct Operation: Sendable {
        var method: String
        var path: String
        var parameters: [Parameter]
        var responses: [Int: Response]
        /// `METHOD /path/{param}`, as the router describes its routes.
        var key: String { "\(method) \(path)" }
    }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    var version: String
    var operations: [Operation]

    init(data: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw Malformed(description: "not an object") }
        func resolve(_ node: Any?) throws -> [String: Any] {
            guard var object = node as? [String: Any] else { throw Malformed(description: "expected an object") }
            while let ref = object["$ref"] as? String {
                var target: Any? = root
                for part in ref.dropFirst(2).split(separator: "/") { target = (target as? [String: Any])?[String(part)] }
                guard let resolved = target as? [String: Any] else { throw Malformed(description: "unresolved \(ref)") }
                object = resolved
            }
            return object
        }
        version = root["openapi"] as? String ?? ""
        var operations: [Operation] = []
        for (path, item) in try resolve(root["paths"]) {
            for (method, node) in try resolve(item) {
                let operation = try resolve(node)
                let parameters = try (operation["parameters"] as? [Any] ?? []).map { node in
                    let parameter = try resolve(node)
                    let schema = try resolve(parameter["schema"] ?? [:])
                    return Parameter(name: parameter["name"] as? String ?? "", location: parameter["in"] as? String ?? "",
                                     required: parameter["required"] as? Bool ?? false,
                                     minimum: (schema["minimum"] as? NSNumber)?.doubleValue, maximum: (schema["maximum"] as? NSNumber)?.doubleValue,
                                     exclusiveMinimum: (schema["exclusiveMinimum"] as? NSNumber)?.doubleValue,
                                     maxLength: (schema["maxLength"] as? NSNumber)?.intValue, defaultValue: (schema["default"] as? NSNumber)?.doubleValue)
                }
                var responses: [Int: Response] = [:]
                for (status, node) in try resolve(operation["responses"]) {
                    guard let code = Int(status) else { throw Malformed(description: "status \(status)") }
                    let response = try resolve(node)
                    let content = response["content"] as? [String: Any] ?? [:]
                    var error: ErrorSchema?
                    if let json = content["application/json"] as? [String: Any], let ref = (json["schema"] as? [String: Any])?["$ref"] as? String,
                       ref.hasSuffix("/Error") {
                        let schema = try resolve(json["schema"])
                        let properties = try resolve(schema["properties"])
                        error = ErrorSchema(required: Set(schema["required"] as? [String] ?? []), properties: Set(properties.keys),
                                            limits: Set(try resolve(properties["limit"])["enum"] as? [String] ?? []))
                    }
                    let headers = try (response["headers"] as? [String: Any] ?? [:]).filter { try resolve($0.value)["required"] as? Bool == true }
                    responses[code] = Response(mediaTypes: Set(content.keys), requiredHeaders: Array(headers.keys), error: error)
                }
                operations.append(Operation(method: method.uppercased(), path: path, parameters: parameters, responses: responses))
            }
        }
        self.operations = operations
    }

    /// What in `probe`'s response the document does not describe.
    func problems(with probe: Probe) -> [String] {
        guard let operation = operations.first(where: { $0.key == probe.operation }) else { return ["no such operation"] }
        guard let documented = operation.responses[probe.status] else { return ["status not documented"] }
        var problems: [String] = []
        let mediaType = probe.headers[.contentType].map { String($0.split(separator: ";")[0]).trimmingCharacters(in: .whitespaces) }
        if documented.mediaTypes.isEmpty {
            if !probe.body.isEmpty { problems.append("a body where the document has none") }
        } else if let mediaType, !documented.mediaTypes.contains(mediaType) {
            problems.append("Content-Type \(mediaType) not among \(documented.mediaTypes.sorted())")
        } else if mediaType == nil {
            problems.append("no Content-Type")
        }
        for header in documented.requiredHeaders where probe.headers[HTTPField.Name(header)!] == nil {
            problems.append("no \(header) header")
        }
        if let schema = documented.error {
            guard let body = try? JSONSerialization.jsonObject(with: Data(probe.body)) as? [String: Any] else {
                return problems + ["the error body is not a JSON object"]
            }
            if !schema.required.isSubset(of: body.keys) { problems.append("error body lacks \(schema.required.subtracting(body.keys).sorted())") }
            if !Set(body.keys).isSubset(of: schema.properties) { problems.append("error body has \(Set(body.keys).subtracting(schema.properties).sorted())") }
            if !body.filter({ $0.key != "warnings" }).values.allSatisfy({ $0 is String }) { problems.append("error body values are not all strings") }
            if let warnings = body["warnings"] {
                let listed = (warnings as? [[String: Any]]) ?? []
                let wellFormed = warnings is [Any] && listed.count == (warnings as? [Any])?.count
                    && listed.allSatisfy { Set($0.keys) == ["path", "property", "reason"] && $0.values.allSatisfy { $0 is String } }
                if !wellFormed { problems.append("warnings is not a list of {path, property, reason}") }
            }
            if let limit = body["limit"] as? String, !schema.limits.contains(limit) { problems.append("limit \(limit) not documented") }
        }
        return problems
    }
}
