import Foundation
import HTTPTypes

/// The API's OpenAPI document as the server holds requests to it: every operation's parameters and body are
/// checked against their schemas before a route sees them, so the server accepts exactly what the document
/// describes (rules a schema cannot state, such as "not after today", are the routes' own).
struct APIContract: Sendable {
    struct Parameter: Sendable {
        var name: String
        var location: ContractIssue.Location
        var required: Bool
        var schema: JSONValue
    }

    struct Operation: Sendable {
        var id: String
        var parameters: [Parameter]
        /// The JSON body's schema; `nil` when the operation takes no body.
        var body: JSONValue?
        var bodyRequired: Bool
    }

    enum LoadError: Error {
        case notADocument
    }

    /// Operations by path template (`/api/v1/tasks/{id}`) and lowercase method.
    private let operations: [String: [String: Operation]]
    let validator: SchemaValidator

    /// - Throws: when `document` is not an OpenAPI document or has a pattern that is not a regular expression.
    init(document data: Data) throws {
        let document = try JSONValue.parse(data)
        guard let paths = document["paths"]?.object else { throw LoadError.notADocument }
        validator = try SchemaValidator(document: document)
        var operations: [String: [String: Operation]] = [:]
        for (path, item) in paths {
            let shared = item["parameters"]?.array ?? []
            for (method, operation) in item.object ?? [:] where method != "parameters" {
                var parameters: [String: Parameter] = [:]
                for raw in shared + (operation["parameters"]?.array ?? []) {
                    let raw = validator.resolved(raw)
                    guard let name = raw["name"]?.string, let place = raw["in"]?.string else { continue }
                    let location: ContractIssue.Location
                    switch place {
                    case "path": location = .path
                    case "query": location = .query
                    default: continue
                    }
                    parameters[place + name] = Parameter(
                        name: name, location: location, required: raw["required"] == .bool(true),
                        schema: raw["schema"] ?? .object([:]))
                }
                let body = operation["requestBody"].map(validator.resolved)
                operations[path, default: [:]][method] = Operation(
                    id: operation["operationId"]?.string ?? "\(method) \(path)",
                    parameters: parameters.values.sorted { $0.name < $1.name },
                    body: body?["content"]?["application/json"]?["schema"],
                    bodyRequired: body?["required"] == .bool(true))
            }
        }
        self.operations = operations
    }

    /// The operation a route serves; a `HEAD` is checked as the `GET` it stands for.
    func operation(path: String, method: HTTPRequest.Method) -> Operation? {
        let name = method == .head ? "get" : method.rawValue.lowercased()
        return operations[path]?[name]
    }

    /// Every issue with a request's parameters and body; empty when the request matches the document.
    ///
    /// - Parameters:
    ///   - parameter: the value a path or query parameter was sent with, as the route reads it.
    ///   - body: the body, or `nil` when none was sent.
    func issues(
        of operation: Operation, parameter: (Parameter) -> String?, body: Data?
    ) -> [ContractIssue] {
        var found: [ContractIssue] = []
        for declared in operation.parameters {
            guard let text = parameter(declared) else {
                if declared.required {
                    found.append(ContractIssue(location: declared.location, field: declared.name, rule: .required))
                }
                continue
            }
            found += validator.issues(
                of: Self.value(of: text, as: validator.resolved(declared.schema)), against: declared.schema,
                location: declared.location, field: declared.name)
        }
        guard found.isEmpty, let schema = operation.body else { return found }
        guard let body else {
            return operation.bodyRequired ? [ContractIssue(location: .body, field: "", rule: .malformed)] : []
        }
        guard let value = try? JSONValue.parse(body) else {
            return [ContractIssue(location: .body, field: "", rule: .malformed)]
        }
        return validator.issues(of: value, against: schema, location: .body, field: "")
    }

    /// A parameter's text as the JSON value its schema asks for: a whole number where it takes integers,
    /// `true` or `false` where it takes a boolean.
    static func value(of text: String, as schema: JSONValue) -> JSONValue {
        let types = schema["type"]?.array?.compactMap(\.string) ?? schema["type"]?.string.map { [$0] } ?? []
        if types.contains("integer"), text.wholeMatch(of: /-?[0-9]+/) != nil, let number = Int(text) {
            return .integer(number)
        }
        if types.contains("boolean"), text == "true" || text == "false" { return .bool(text == "true") }
        return .string(text)
    }
}
