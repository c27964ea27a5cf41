/// A reader of JSON text (RFC 8259) into plain values, in pure Swift.
///
/// For the quick commands, which read one answer and exit: Foundation's `JSONDecoder` and `JSONSerialization`
/// each cost such a command about 0.4 ms on first use (runtime metadata for their generic containers and
/// bridging), more than reading the answer takes here. Objects keep their members in order, in an array.
public enum JSONReader {
    public indirect enum Value: Equatable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([Value])
        case object([Member])

        public struct Member: Equatable, Sendable {
            public var key: String
            public var value: Value

            public init(_ key: String, _ value: Value) {
                self.key = key
                self.value = value
            }
        }

        /// The member named `key` of an object (the last, when the name repeats); nil for anything else.
        public subscript(key: String) -> Value? {
            guard case .object(let members) = self else { return nil }
            return members.last { $0.key == key }?.value
        }

        public var string: String? {
            if case .string(let text) = self { text } else { nil }
        }

        public var bool: Bool? {
            if case .bool(let flag) = self { flag } else { nil }
        }

        public var number: Double? {
            if case .number(let number) = self { number } else { nil }
        }

        public var array: [Value]? {
            if case .array(let values) = self { values } else { nil }
        }
    }

    /// Text that is not one JSON value (with only white space around it), or nested deeper than `maximumDepth`.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// Where, in bytes from the start.
        public var offset: Int

        public var description: String { "not valid JSON at byte \(offset)" }
    }

    public static let maximumDepth = 512

    public static func read<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws -> Value {
        func whole(_ buffer: UnsafeBufferPointer<UInt8>) throws -> Value {
            var reader = Reader(bytes: buffer)
            return try reader.whole()
        }
        if let value = try bytes.withContiguousStorageIfAvailable(whole) { return value }
        return try Array(bytes).withUnsafeBufferPointer(whole)
    }

    public static func read(_ text: String) throws -> Value {
        try read(Array(text.utf8))
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// The one value of the text, with only white space around it.
        mutating func whole() throws -> Value {
            let value = try self.value(depth: 0)
            skipSpace()
            guard index == bytes.count else { throw failure() }
            return value
        }

        private mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        private func failure() -> Failure { Failure(offset: index) }

        private mutating func value(depth: Int) throws -> Value {
            guard depth < JSONReader.maximumDepth else { throw failure() }
            skipSpace()
            guard index < bytes.count else { throw failure() }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return .number(try number())
            }
        }

        private mutating func literal(_ word: StaticString, _ value: Value) throws -> Value {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count else { throw failure() }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw failure() }
            index += count
            return value
        }

        private mutating func consume(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func object(depth: Int) throws -> Value {
            index += 1
            var members: [Value.Member] = []
            if consume(UInt8(ascii: "}")) { return .object(members) }
            repeat {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure() }
                let key = try string()
                guard consume(UInt8(ascii: ":")) else { throw failure() }
                members.append(Value.Member(key, try value(depth: depth + 1)))
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { throw failure() }
            return .object(members)
        }

        private mutating func array(depth: Int) throws -> Value {
            index += 1
            var values: [Value] = []
            if consume(UInt8(ascii: "]")) { return .array(values) }
            repeat {
                values.append(try value(depth: depth + 1))
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "]")) else { throw failure() }
            return .array(values)
        }

        /// A string from its opening quote; its UTF-8 must be valid, as must its escapes and surrogate pairs.
        private mutating func string() throws -> String {
            index += 1
            var utf8: [UInt8] = []
            var runStart = index
            while true {
                guard index < bytes.count else { throw failure() }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { throw failure() }
                if byte != UInt8(ascii: "\\") {
                    index += 1
                    continue
                }
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                guard index < bytes.count else { throw failure() }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): UTF8.encode(try escapedScalar()) { utf8.append($0) }
                default: throw Failure(offset: index - 1)
                }
                runStart = index
            }
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
            index += 1
            if utf8.isEmpty {
                guard let text = String(validating: run, as: UTF8.self) else { throw Failure(offset: runStart) }
                return text
            }
            utf8.append(contentsOf: run)
            guard let text = String(validating: utf8, as: UTF8.self) else { throw Failure(offset: runStart) }
            return text
        }

        /// The scalar of a `\u` escape (its `\u` read), a surrogate pair read whole.
        private mutating func escapedScalar() throws -> Unicode.Scalar {
            let first = try hex4()
            if (0xD800..<0xDC00).contains(first) {
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure() }
                index += 2
                let second = try hex4()
                guard (0xDC00..<0xE000).contains(second) else { throw failure() }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else { throw failure() }
            return scalar
        }

        private mutating func hex4() throws -> UInt32 {
            guard bytes.count - index >= 4 else { throw failure() }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw failure()
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        private mutating func number() throws -> Double {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let whole = index
            guard digits() > 0, bytes[whole] != UInt8(ascii: "0") || index - whole == 1 else {
                throw Failure(offset: start)
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw failure() }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { throw failure() }
            }
            guard
                let number = Double(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            else { throw Failure(offset: start) }
            return number
        }
    }
}
