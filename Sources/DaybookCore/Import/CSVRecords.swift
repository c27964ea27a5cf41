import Foundation

/// One record of a CSV file and the line it starts on (1 for the header), so a problem can say where it is.
public struct CSVRecord: Sendable, Equatable {
    public var line: Int
    public var fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}

/// Reads CSV as RFC 4180 writes it (and OpenCSV, which Android apps use): fields quoted when they hold a comma, a
/// quote or a line break, `""` for a quote inside; lines end in LF, CRLF or CR; a UTF-8 byte order mark is skipped.
/// Blank lines are left out.
public enum CSVRecords {
    /// - Parameter file: the file's name, for the error.
    /// - Throws: `ImportFailure.unreadable` when the bytes are not UTF-8 or a quoted field never ends.
    public static func read(_ data: Data, file: String) throws -> [CSVRecord] {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImportFailure.unreadable("\(file) is not UTF-8 text")
        }
        return try read(text, file: file)
    }

    public static func read(_ text: String, file: String) throws -> [CSVRecord] {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let comma = UInt8(ascii: ",")
        let quote = UInt8(ascii: "\"")
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        var records: [CSVRecord] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var quoted = false
        var quoteOpenedOn = 0
        var index = 0
        func endRecord() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(CSVRecord(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == quote {
                    if index < bytes.count, bytes[index] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == lf || (byte == cr && (index >= bytes.count || bytes[index] != lf)) { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case quote where field.isEmpty:
                quoted = true
                quoteOpenedOn = line
            case comma:
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            case cr, lf:
                if byte == cr, index < bytes.count, bytes[index] == lf { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(byte)
            }
        }
        guard !quoted else {
            throw ImportFailure.unreadable("\(file) line \(quoteOpenedOn): a quoted field never ends")
        }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }
}
