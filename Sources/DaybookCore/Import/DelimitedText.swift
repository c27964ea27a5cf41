import Foundation

/// Comma- or tab-separated text as spreadsheets and Android apps write it (RFC 4180, OpenCSV): fields in double
/// quotes may hold the separator, quotes (doubled) and line breaks; lines end in LF, CRLF or CR. Each record keeps
/// the line it starts on, so a problem can name it ("Checkmarks.csv line 14"). Daybook reads CSV itself, rather than
/// through the CSV package the export writes with, because the importers live in DaybookCore (Foundation only) and
/// need those line numbers, which that package's reader does not give.
public enum DelimitedText {
    public struct Record: Sendable, Equatable {
        /// The line the record starts on, counting from 1.
        public var line: Int
        public var fields: [String]
    }

    /// - Throws: `ImportBatch.Problem.unreadable` when a quoted field never ends.
    public static func records(in text: String, separator: Unicode.Scalar, file: String) throws -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var quoted = false
        var quoteLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()

        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
        }
        func endRecord() {
            endField()
            records.append(Record(line: recordLine, fields: fields))
            fields = []
        }

        while let scalar = pending {
            pending = scalars.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = scalars.next()
                    } else {
                        quoted = false
                    }
                } else if scalar == "\r" || scalar == "\n" {
                    // A line break inside a field is kept as LF, whatever the file's lines end with.
                    if scalar == "\r", pending == "\n" { pending = scalars.next() }
                    field.append("\n")
                    line += 1
                } else {
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                quoted = true
                quoteLine = line
            case separator:
                endField()
            case "\r" where pending == "\n":
                continue
            case "\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(scalar)
            }
        }
        guard !quoted else {
            throw ImportBatch.Problem.unreadable("\(file) line \(quoteLine): a quoted field never ends")
        }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records.filter { $0.fields.contains { !$0.isEmpty } }
    }

    /// The comma-separated records of a file's bytes.
    ///
    /// - Throws: `ImportBatch.Problem.unreadable` when the bytes are not text or a quoted field never ends.
    public static func commaSeparated(_ data: Data, file: String) throws -> [Record] {
        guard let text = text(data) else { throw ImportBatch.Problem.unreadable("\(file) is not UTF-8 text") }
        return try records(in: text, separator: ",", file: file)
    }

    /// Text from a file's bytes: UTF-8 (with or without a byte order mark) or UTF-16 with one.
    public static func text(_ data: Data) -> String? {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            return String(data: data, encoding: .utf16)
        }
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }
}
