import Mustache

/// Turns an `Encodable` view model into the dictionaries, arrays and plain values Mustache reads directly.
///
/// Mustache looks a name up in a Swift value by reflecting all of its fields, again for every lookup and for
/// every enclosing value while it searches outwards; a page of a few hundred rows spent most of its time
/// there. Encoded once into `[String: Any]`, each lookup is a hash. A `nil` field becomes `TemplateNull`
/// rather than a missing key, so a lookup stops there instead of finding an outer value of the same name.
enum TemplateValue {
    static func make<Value: Encodable>(_ value: Value) throws -> Any {
        switch value {
        case let text as String: return text
        case let flag as Bool: return flag
        case let number as Int: return number
        case let custom as MustacheCustomRenderable: return custom
        default:
            let result = Slot()
            try value.encode(to: TreeEncoder(slot: result))
            return result.resolved
        }
    }
}

/// A missing value: renders as nothing and counts as false in sections.
struct TemplateNull: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

/// Where one encoded value lands: a plain value, or a keyed or unkeyed container filled later.
private final class Slot {
    var value: Any = TemplateNull()
    var dictionary: [String: Any]?
    var children: [Slot]?
    var keyedChildren: [String: Slot]?

    var resolved: Any {
        if let keyedChildren {
            var result = dictionary ?? [:]
            for (key, slot) in keyedChildren { result[key] = slot.resolved }
            return result
        }
        if let dictionary { return dictionary }
        if let children { return children.map(\.resolved) }
        return value
    }
}

private struct TreeEncoder: Encoder {
    let slot: Slot
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if slot.dictionary == nil { slot.dictionary = [:] }
        return KeyedEncodingContainer(Keyed(slot: slot))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if slot.children == nil { slot.children = [] }
        return Unkeyed(slot: slot)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(slot: slot) }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    var codingPath: [any CodingKey] = []

    private func set(_ value: Any, _ key: Key) { slot.dictionary?[key.stringValue] = value }

    mutating func encodeNil(forKey key: Key) throws { set(TemplateNull(), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(Int(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(Int(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(Int(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(Int(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(Int(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(Int(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(Int(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { set(try TemplateValue.make(value), key) }

    // Synthesized `encode(to:)` skips a nil optional through these; record it, so the key is not missing.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { set(value ?? TemplateNull(), key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { set(value ?? TemplateNull(), key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { set(value ?? TemplateNull(), key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { set(value ?? TemplateNull(), key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { set(value ?? TemplateNull(), key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        set(value.map { Int($0) } ?? TemplateNull(), key)
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        set(value.map { Int($0) } ?? TemplateNull(), key)
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        set(value.map { Int($0) } ?? TemplateNull(), key)
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        set(value.map { Int($0) } ?? TemplateNull(), key)
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { set(value ?? TemplateNull(), key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        set(value.map { Int($0) } ?? TemplateNull(), key)
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        set(value.map { Int($0) } ?? TemplateNull(), key)
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        set(value.map { Int($0) } ?? TemplateNull(), key)
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { set(value ?? TemplateNull(), key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        set(try value.map { try TemplateValue.make($0) } ?? TemplateNull(), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        TreeEncoder(slot: child(key)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeEncoder(slot: child(key)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(slot: slot) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { TreeEncoder(slot: child(key)) }

    private func child(_ key: Key) -> Slot {
        let child = Slot()
        if slot.keyedChildren == nil { slot.keyedChildren = [:] }
        slot.keyedChildren?[key.stringValue] = child
        return child
    }
}

private struct Unkeyed: UnkeyedEncodingContainer {
    let slot: Slot
    var codingPath: [any CodingKey] = []
    var count: Int { slot.children?.count ?? 0 }

    private func append(_ value: Any) {
        let child = Slot()
        child.value = value
        slot.children?.append(child)
    }

    mutating func encodeNil() throws { append(TemplateNull()) }
    mutating func encode(_ value: Bool) throws { append(value) }
    mutating func encode(_ value: String) throws { append(value) }
    mutating func encode(_ value: Int) throws { append(value) }
    mutating func encode(_ value: Double) throws { append(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { append(try TemplateValue.make(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = Slot()
        slot.children?.append(child)
        return TreeEncoder(slot: child).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = Slot()
        slot.children?.append(child)
        return TreeEncoder(slot: child).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = Slot()
        slot.children?.append(child)
        return TreeEncoder(slot: child)
    }
}

private struct Single: SingleValueEncodingContainer {
    let slot: Slot
    var codingPath: [any CodingKey] = []

    mutating func encodeNil() throws { slot.value = TemplateNull() }
    mutating func encode(_ value: Bool) throws { slot.value = value }
    mutating func encode(_ value: String) throws { slot.value = value }
    mutating func encode(_ value: Int) throws { slot.value = value }
    mutating func encode(_ value: Double) throws { slot.value = value }
    mutating func encode<T: Encodable>(_ value: T) throws { slot.value = try TemplateValue.make(value) }
}
