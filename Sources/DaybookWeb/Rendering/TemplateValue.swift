/// What a template reads: a view model encoded once into plain, typed values.
///
/// Rendering looks names up in these by hashing and switches over their cases: no reflection and no dynamic
/// casts per lookup. A `nil` field becomes `.null` rather than a missing key, so a lookup stops there instead
/// of finding an outer value of the same name.
enum TemplateValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case text(String)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// Encodes `value` the way `JSONEncoder` would see it: keyed containers become objects, unkeyed ones lists.
    static func make<Value: Encodable>(_ value: Value) throws -> TemplateValue {
        switch value {
        case let text as String: return .text(text)
        case let flag as Bool: return .bool(flag)
        case let number as Int: return .int(number)
        case let number as Double: return .double(number)
        default:
            let slot = Slot()
            try value.encode(to: TreeEncoder(slot: slot))
            return slot.resolved
        }
    }

    /// Whether a section over this value renders: `false`, `nil` and empty lists do not.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let flag): flag
        case .list(let items): !items.isEmpty
        case .int, .double, .text, .object: true
        }
    }
}

/// Where one encoded value lands: a plain value, or a keyed or unkeyed container being filled.
///
/// Values encoded through `encode(_:forKey:)` land in `fields` directly; only containers asked for by
/// `nestedContainer` or `superEncoder` (rare in view models) wait in `pending` until the end.
private final class Slot {
    var value: TemplateValue = .null
    var fields: [String: TemplateValue]?
    var items: [TemplateValue]?
    var pendingFields: [String: Slot]?
    var pendingItems: [Int: Slot]?

    var resolved: TemplateValue {
        if var fields {
            for (key, slot) in pendingFields ?? [:] { fields[key] = slot.resolved }
            return .object(fields)
        }
        if var items {
            for (index, slot) in pendingItems ?? [:] { items[index] = slot.resolved }
            return .list(items)
        }
        return value
    }

    func pendingField(_ key: String) -> Slot {
        let child = Slot()
        if pendingFields == nil { pendingFields = [:] }
        pendingFields?[key] = child
        return child
    }

    func pendingItem() -> Slot {
        let child = Slot()
        if pendingItems == nil { pendingItems = [:] }
        pendingItems?[items?.count ?? 0] = child
        items?.append(.null)
        return child
    }
}

private struct TreeEncoder: Encoder {
    let slot: Slot
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if slot.fields == nil { slot.fields = Dictionary(minimumCapacity: 8) }
        return KeyedEncodingContainer(Keyed(slot: slot))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if slot.items == nil { slot.items = [] }
        return Unkeyed(slot: slot)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(slot: slot) }
}

/// Integers of every width, as the one integer a template knows.
private func integer(_ value: some BinaryInteger) -> TemplateValue { .int(Int(clamping: value)) }

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    var codingPath: [any CodingKey] = []

    private func set(_ value: TemplateValue, _ key: Key) { slot.fields?[key.stringValue] = value }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.text(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.double(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(integer(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { set(try TemplateValue.make(value), key) }

    // Synthesized `encode(to:)` skips a nil optional through `encodeIfPresent`; record it, so the key is not
    // missing. The generic overload serves every type: the others forward to it.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return set(.null, key) }
        try encode(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }

    private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        TreeEncoder(slot: slot.pendingField(key.stringValue)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeEncoder(slot: slot.pendingField(key.stringValue)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(slot: slot) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { TreeEncoder(slot: slot.pendingField(key.stringValue)) }
}

private struct Unkeyed: UnkeyedEncodingContainer {
    let slot: Slot
    var codingPath: [any CodingKey] = []
    var count: Int { slot.items?.count ?? 0 }

    mutating func encodeNil() throws { slot.items?.append(.null) }
    mutating func encode(_ value: Bool) throws { slot.items?.append(.bool(value)) }
    mutating func encode(_ value: String) throws { slot.items?.append(.text(value)) }
    mutating func encode(_ value: Int) throws { slot.items?.append(.int(value)) }
    mutating func encode(_ value: Double) throws { slot.items?.append(.double(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { slot.items?.append(try TemplateValue.make(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        TreeEncoder(slot: slot.pendingItem()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        TreeEncoder(slot: slot.pendingItem()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(slot: slot.pendingItem()) }
}

private struct Single: SingleValueEncodingContainer {
    let slot: Slot
    var codingPath: [any CodingKey] = []

    mutating func encodeNil() throws { slot.value = .null }
    mutating func encode(_ value: Bool) throws { slot.value = .bool(value) }
    mutating func encode(_ value: String) throws { slot.value = .text(value) }
    mutating func encode(_ value: Int) throws { slot.value = .int(value) }
    mutating func encode(_ value: Double) throws { slot.value = .double(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { slot.value = try TemplateValue.make(value) }
}
