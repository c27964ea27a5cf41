/// A value stored and sent as its text form (`"2026-11-21"`, `"09:30"`, `"weekdays"`, `"#2f6f6a"`).
public protocol TextCodable: Codable, CustomStringConvertible {
    /// The value a text stands for, or `nil` when it stands for none.
    init?(text: String)
    /// What the text should be, for decoding errors ("a YYYY-MM-DD day").
    static var textForm: String { get }
}

extension TextCodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(text: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not \(Self.textForm): \(text)")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
