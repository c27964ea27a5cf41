// Daybook checks requests against its own OpenAPI document with this validator of the JSON Schema subset the
// document uses. It stays because no package the build can use does the job: OpenAPIKit reads and writes
// OpenAPI documents but does not validate values against their schemas, and swift-openapi-generator with
// swift-openapi-hummingbird would replace every API route, and the localized 400/422 answers the scenes share
// with the pages, with generated code and a build plugin — far more than these ~180 lines.

import DaybookCore
import Foundation

/// Why a value does not match its schema.
struct ContractIssue: Equatable, Sendable {
    enum Location: Equatable, Sendable {
        case path, query, body
    }

    enum Rule: Equatable, Sendable {
        /// The body is not JSON at all.
        case malformed
        case type
        case unknownField
        case required
        case choice
        case range
        case tooShort
        case tooLong(limit: Int)
        case pattern
        case format
    }

    var location: Location
    /// The parameter or top-level body field; empty for the body as a whole.
    var field: String
    var rule: Rule
    var value: JSONValue?

    /// A problem with the shape of the request rather than with a value in it: answered 400.
    var isStructural: Bool {
        location != .body || [.malformed, .type, .unknownField].contains(rule)
    }
}

/// Checks JSON values against the JSON Schema subset the API's document uses for requests: `$ref`, `type`,
/// `enum`, `const`, `minimum`, `maximum`, `minLength`, `maxLength` (in Unicode code points), `pattern` (ECMA
/// 262: a closing `$` is the end of the text), `format: date`, `properties`, `required`, `additionalProperties`,
/// `items`, `maxItems`, `anyOf`, `oneOf` and `allOf`.
struct SchemaValidator: Sendable {
    /// The keywords this validator understands; a request schema using another one is a mistake in the document.
    static let keywords: Set<String> = [
        "$ref", "type", "enum", "const", "minimum", "maximum", "minLength", "maxLength", "pattern", "format",
        "properties", "required", "additionalProperties", "items", "maxItems", "anyOf", "oneOf", "allOf",
        "description", "default", "example",
    ]

    private let document: JSONValue
    private let patterns: [String: NSRegularExpression]

    /// - Throws: when a `pattern` in the document is not a regular expression.
    init(document: JSONValue) throws {
        self.document = document
        var patterns: [String: NSRegularExpression] = [:]
        for pattern in Self.patterns(in: document) where patterns[pattern] == nil {
            patterns[pattern] = try NSRegularExpression(pattern: Self.icuPattern(pattern))
        }
        self.patterns = patterns
    }

    /// The issues of `value` against `schema`, reported against `field`; empty when it matches.
    func issues(of value: JSONValue, against schema: JSONValue, location: ContractIssue.Location, field: String)
        -> [ContractIssue]
    {
        func issue(_ rule: ContractIssue.Rule) -> ContractIssue {
            ContractIssue(location: location, field: field, rule: rule, value: value)
        }
        let schema = resolved(schema)
        if let types = schema["type"], !Self.matches(value, types: types) { return [issue(.type)] }
        if let choices = schema["enum"]?.array, !choices.contains(value) { return [issue(.choice)] }
        if let constant = schema["const"], constant != value { return [issue(.choice)] }
        for keyword in ["allOf", "anyOf", "oneOf"] {
            guard let branches = schema[keyword]?.array else { continue }
            let results = branches.map { issues(of: value, against: $0, location: location, field: field) }
            let passed = results.filter(\.isEmpty).count
            let fits =
                switch keyword {
                case "allOf": passed == branches.count
                case "anyOf": passed > 0
                default: passed == 1
                }
            if !fits { return results.first { !$0.isEmpty } ?? [issue(.choice)] }
        }
        switch value {
        case .integer, .number:
            let number = value.numeric ?? 0
            if let minimum = schema["minimum"]?.numeric, number < minimum { return [issue(.range)] }
            if let maximum = schema["maximum"]?.numeric, number > maximum { return [issue(.range)] }
        case .string(let text):
            return stringIssues(text, schema).map { issue($0) }
        case .object(let members):
            return objectIssues(members, schema, location: location, field: field)
        case .array(let items):
            if let maximum = schema["maxItems"]?.numeric, Double(items.count) > maximum {
                return [issue(.tooLong(limit: Int(maximum)))]
            }
            guard let itemSchema = schema["items"] else { return [] }
            return items.flatMap { issues(of: $0, against: itemSchema, location: location, field: field) }
        case .null, .bool:
            break
        }
        return []
    }

    private func stringIssues(_ text: String, _ schema: JSONValue) -> [ContractIssue.Rule] {
        let length = text.unicodeScalars.count
        if let minimum = schema["minLength"]?.numeric, Double(length) < minimum { return [.tooShort] }
        if let maximum = schema["maxLength"]?.numeric, Double(length) > maximum {
            return [.tooLong(limit: Int(maximum))]
        }
        if let pattern = schema["pattern"]?.string, let regex = patterns[pattern] {
            let range = NSRange(text.startIndex..<text.endIndex, in: text)
            if regex.firstMatch(in: text, range: range) == nil { return [.pattern] }
        }
        if schema["format"]?.string == "date", DayKey(string: text) == nil { return [.format] }
        return []
    }

    private func objectIssues(
        _ members: [String: JSONValue], _ schema: JSONValue, location: ContractIssue.Location, field: String
    ) -> [ContractIssue] {
        let properties = schema["properties"]?.object ?? [:]
        // Issues name the top-level field they are in.
        func name(_ key: String) -> String { field.isEmpty ? key : field }
        var found: [ContractIssue] = []
        for required in schema["required"]?.array?.compactMap(\.string) ?? [] where members[required] == nil {
            found.append(ContractIssue(location: location, field: name(required), rule: .required))
        }
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            if let propertySchema = properties[key] {
                found += issues(of: member, against: propertySchema, location: location, field: name(key))
            } else if schema["additionalProperties"] == .bool(false) {
                found.append(ContractIssue(location: location, field: name(key), rule: .unknownField, value: member))
            } else if let extra = schema["additionalProperties"], extra.object != nil {
                found += issues(of: member, against: extra, location: location, field: name(key))
            }
        }
        return found
    }

    /// The schema a `$ref` points to (within this document), or the schema itself.
    func resolved(_ schema: JSONValue) -> JSONValue {
        guard let reference = schema["$ref"]?.string, reference.hasPrefix("#/") else { return schema }
        var target: JSONValue? = document
        for part in reference.dropFirst(2).split(separator: "/") { target = target?[String(part)] }
        return target.map(resolved) ?? schema
    }

    private static func matches(_ value: JSONValue, types: JSONValue) -> Bool {
        let names = types.array?.compactMap(\.string) ?? types.string.map { [$0] } ?? []
        return names.contains { name in
            switch (name, value) {
            case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer),
                ("number", .number), ("string", .string), ("array", .array), ("object", .object):
                true
            default:
                false
            }
        }
    }

    /// Every `pattern` in the document.
    private static func patterns(in value: JSONValue) -> [String] {
        switch value {
        case .object(let members):
            (members["pattern"]?.string.map { [$0] } ?? []) + members.values.flatMap(patterns(in:))
        case .array(let items):
            items.flatMap(patterns(in:))
        default:
            []
        }
    }

    /// An ECMA 262 pattern as ICU reads it the same way: ICU's `$` also matches before a final line break.
    static func icuPattern(_ pattern: String) -> String {
        guard pattern.hasSuffix("$"), !pattern.hasSuffix("\\$") else { return pattern }
        return pattern.dropLast() + "\\z"
    }
}
