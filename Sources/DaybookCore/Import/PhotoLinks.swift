import Foundation

/// Photo links in Markdown, found in one pass over the text (not one search per photo a library holds).
public enum PhotoLinks {
    /// `text` with each `prefix + ID` whose id `replacement` knows replaced by what it gives; ids are ASCII letters,
    /// digits, `-` and `_`, and `prefix` is ASCII.
    ///
    /// The prefix is looked for in the text's UTF-8 bytes: the standard library's `firstRange(of:)` steps through
    /// the text by `Character` with a table built for every search, and was a fifth of a plain-text journal's
    /// import, where most entries link no photo at all.
    public static func replacing(in text: String, prefix: String, _ replacement: (String) -> String?) -> String {
        let needle = Array(prefix.utf8)
        var text = text
        // Contiguous UTF-8 (a string bridged from elsewhere is copied once).
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes -> String in
            guard var found = firstOffset(of: needle, in: bytes, from: 0) else { return text }
            let utf8 = text.utf8
            func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
            var result = ""
            result.reserveCapacity(bytes.count)
            var copied = 0
            while true {
                let idStart = found + needle.count
                var idEnd = idStart
                while idEnd < bytes.count, isIDByte(bytes[idEnd]) { idEnd += 1 }
                result += text[index(copied)..<index(found)]
                let id = String(text[index(idStart)..<index(idEnd)])
                result += replacement(id) ?? String(text[index(found)..<index(idEnd)])
                copied = idEnd
                guard let next = firstOffset(of: needle, in: bytes, from: idEnd) else { break }
                found = next
            }
            result += text[index(copied)...]
            return result
        } ?? text
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// Where `needle` first starts in `bytes` at or after `start`.
    private static func firstOffset(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let head = needle.first, needle.count <= bytes.count else { return nil }
        var offset = start
        let last = bytes.count - needle.count
        while offset <= last {
            if bytes[offset] == head {
                var matched = 1
                while matched < needle.count, bytes[offset + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return offset }
            }
            offset += 1
        }
        return nil
    }
}
