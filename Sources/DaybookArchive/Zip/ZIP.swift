import Foundation

/// ZIP archives as PKWARE's APPNOTE (6.3) describes them, as far as writing one needs: local headers, the central
/// directory, and the ZIP64 records for more than 65,534 entries or more than 4 GiB.
public enum ZIP {
    /// How an entry's bytes are kept.
    public enum Method: UInt16, Sendable {
        case stored = 0
        case deflated = 8
    }

    public enum Failure: Error, Equatable, Sendable {
        /// A name longer than ZIP holds, or a file that changed size while it was read.
        case unwritable(String)
        /// zlib refused (its status).
        case compression(Int32)
    }

    static let localHeaderSignature: UInt32 = 0x0403_4B50
    static let centralHeaderSignature: UInt32 = 0x0201_4B50
    static let endSignature: UInt32 = 0x0605_4B50
    static let zip64EndSignature: UInt32 = 0x0606_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let zip64ExtraID: UInt16 = 0x0001
    /// A 32-bit size or offset field holding this says: the real value is in the ZIP64 extra field.
    static let wide32: UInt32 = 0xFFFF_FFFF
    /// The 16-bit entry counts hold this when the ZIP64 end record has the count.
    static let wide16: UInt16 = 0xFFFF
    /// Bit 11 of the flags: the names are UTF-8.
    static let utf8Names: UInt16 = 1 << 11
    static let plainVersion: UInt16 = 20
    static let zip64Version: UInt16 = 45
    /// Made on UNIX (3), to version 4.5 of the note, so that readers take the permissions from the attributes.
    static let madeBy: UInt16 = 3 << 8 | zip64Version
    /// A regular file readable by all (`0o100644`), in the high half of the external attributes.
    static let regularFile: UInt32 = 0o100_644 << 16
    static let localHeaderSize = 30

    /// MS-DOS date and time of `date` in UTC, two seconds apart, clamped to 1980–2107.
    static func dosDateTime(_ date: Date) -> (date: UInt16, time: UInt16) {
        var seconds = time_t(max(0, date.timeIntervalSince1970))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let year = min(max(Int(parts.tm_year) + 1900, 1980), 2107) - 1980
        let day = UInt16(year << 9 | Int(parts.tm_mon + 1) << 5 | Int(parts.tm_mday))
        let time = UInt16(Int(parts.tm_hour) << 11 | Int(parts.tm_min) << 5 | Int(parts.tm_sec) / 2)
        return (day, time)
    }

    /// One entry as the central directory lists it.
    struct Record {
        var name: [UInt8]
        var method: Method
        var modified: (date: UInt16, time: UInt16)
        var checksum: UInt32 = 0
        var compressedSize: UInt64 = 0
        var size: UInt64 = 0
        var offset: UInt64
        /// Whether the local header carries the sizes in a ZIP64 extra field.
        var zip64Local = false

        /// The local header: with `zip64Local`, its sizes are in a ZIP64 extra field of 16 bytes.
        var localHeader: Data {
            var header = Data(capacity: ZIP.localHeaderSize + name.count + 20)
            header.appendLittleEndian(ZIP.localHeaderSignature)
            header.appendLittleEndian(zip64Local ? ZIP.zip64Version : ZIP.plainVersion)
            header.appendLittleEndian(ZIP.utf8Names)
            header.appendLittleEndian(method.rawValue)
            header.appendLittleEndian(modified.time)
            header.appendLittleEndian(modified.date)
            header.appendLittleEndian(checksum)
            header.appendLittleEndian(zip64Local ? ZIP.wide32 : UInt32(compressedSize))
            header.appendLittleEndian(zip64Local ? ZIP.wide32 : UInt32(size))
            header.appendLittleEndian(UInt16(name.count))
            header.appendLittleEndian(UInt16(zip64Local ? 20 : 0))
            header.append(contentsOf: name)
            if zip64Local {
                header.appendLittleEndian(ZIP.zip64ExtraID)
                header.appendLittleEndian(UInt16(16))
                header.appendLittleEndian(size)
                header.appendLittleEndian(compressedSize)
            }
            return header
        }

        /// The central directory header: a value too large for its 32-bit field moves to a ZIP64 extra field.
        func appendCentralHeader(to directory: inout Data) {
            var wide: [UInt64] = []
            func narrow(_ value: UInt64) -> UInt32 {
                guard value < UInt64(ZIP.wide32) else {
                    wide.append(value)
                    return ZIP.wide32
                }
                return UInt32(value)
            }
            // The ZIP64 extra field lists the size, then the compressed size, then the offset.
            let sizeField = narrow(size)
            let compressedField = narrow(compressedSize)
            let offsetField = narrow(offset)
            directory.appendLittleEndian(ZIP.centralHeaderSignature)
            directory.appendLittleEndian(ZIP.madeBy)
            directory.appendLittleEndian(wide.isEmpty && !zip64Local ? ZIP.plainVersion : ZIP.zip64Version)
            directory.appendLittleEndian(ZIP.utf8Names)
            directory.appendLittleEndian(method.rawValue)
            directory.appendLittleEndian(modified.time)
            directory.appendLittleEndian(modified.date)
            directory.appendLittleEndian(checksum)
            directory.appendLittleEndian(compressedField)
            directory.appendLittleEndian(sizeField)
            directory.appendLittleEndian(UInt16(name.count))
            directory.appendLittleEndian(UInt16(wide.isEmpty ? 0 : 4 + 8 * wide.count))
            directory.appendLittleEndian(UInt16(0))  // comment
            directory.appendLittleEndian(UInt16(0))  // disk
            directory.appendLittleEndian(UInt16(0))  // internal attributes
            directory.appendLittleEndian(ZIP.regularFile)
            directory.appendLittleEndian(offsetField)
            directory.append(contentsOf: name)
            if !wide.isEmpty {
                directory.appendLittleEndian(ZIP.zip64ExtraID)
                directory.appendLittleEndian(UInt16(8 * wide.count))
                for value in wide { directory.appendLittleEndian(value) }
            }
        }
    }

    /// What follows the central directory: the ZIP64 end record and its locator when the count, the directory's
    /// size or its offset does not fit the classic end record, then the classic end record.
    static func end(entries: UInt64, directorySize: UInt64, directoryOffset: UInt64) -> Data {
        var end = Data()
        let needsZIP64 =
            entries >= UInt64(wide16) || directorySize >= UInt64(wide32) || directoryOffset >= UInt64(wide32)
        if needsZIP64 {
            let recordOffset = directoryOffset + directorySize
            end.appendLittleEndian(zip64EndSignature)
            end.appendLittleEndian(UInt64(44))  // the record's size after this field
            end.appendLittleEndian(madeBy)
            end.appendLittleEndian(zip64Version)
            end.appendLittleEndian(UInt32(0))  // this disk
            end.appendLittleEndian(UInt32(0))  // the directory's disk
            end.appendLittleEndian(entries)  // on this disk
            end.appendLittleEndian(entries)
            end.appendLittleEndian(directorySize)
            end.appendLittleEndian(directoryOffset)
            end.appendLittleEndian(zip64LocatorSignature)
            end.appendLittleEndian(UInt32(0))  // the record's disk
            end.appendLittleEndian(recordOffset)
            end.appendLittleEndian(UInt32(1))  // disks
        }
        let count = UInt16(min(entries, UInt64(wide16)))
        end.appendLittleEndian(endSignature)
        end.appendLittleEndian(UInt16(0))  // this disk
        end.appendLittleEndian(UInt16(0))  // the directory's disk
        end.appendLittleEndian(count)
        end.appendLittleEndian(count)
        end.appendLittleEndian(UInt32(min(directorySize, UInt64(wide32))))
        end.appendLittleEndian(UInt32(min(directoryOffset, UInt64(wide32))))
        end.appendLittleEndian(UInt16(0))  // comment
        return end
    }
}

extension Data {
    mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
