import Foundation

/// jrnl's plain-text journal read from its file twice, a piece at a time: first for its stamps (which date order
/// the file uses takes all of them) and to refuse a file that is not UTF-8 text before anything is written, then
/// for its entries, each handed on as soon as it is read. The memory an import needs is then that of its longest
/// entry, not of the journal.
public struct JrnlTextFile: ImportEntryStream {
    let url: URL
    let reader: JrnlTextReader
    let outline: JrnlTextReader.Outline
    let pieces: Int

    /// Reads the file once for its outline.
    ///
    /// - Parameter pieces: how many bytes are read at a time.
    /// - Returns: nil when the file is not a plain-text journal but jrnl's JSON export or an encrypted journal,
    ///   which `JrnlImport.parse` reads whole.
    /// - Throws: `ImportBatch.Problem.unreadable` when it is not UTF-8 text, `.encryptedJrnl` when its bytes are cipher
    ///   text.
    public static func open(_ url: URL, name: String, timeZone: TimeZone, pieces: Int = 1 << 20) throws
        -> JrnlTextFile?
    {
        let reader = JrnlTextReader(name: name, timeZone: timeZone)
        if try startsAsWhole(url) { return nil }
        var outliner = JrnlTextReader.Outliner(reader: reader)
        do {
            try TextFileLines.read(url, pieces: pieces) { outliner.take($0) }
        } catch TextFileLines.Failure.notUTF8 {
            throw try isCipherText(url)
                ? ImportBatch.Problem.encryptedJrnl : ImportBatch.Problem.unreadable("it is not UTF-8 text")
        }
        return JrnlTextFile(url: url, reader: reader, outline: outliner.outline(), pieces: pieces)
    }

    public func forEach(_ take: (ImportStreamItem) throws -> Void) throws {
        var assembler = JrnlTextReader.Assembler(reader: reader, outline: outline)
        do {
            try TextFileLines.read(url, pieces: pieces) { try assembler.take($0, take) }
        } catch TextFileLines.Failure.notUTF8 {
            // Read as UTF-8 a moment ago: the file changed underneath.
            throw ImportBatch.Problem.unreadable("it is not UTF-8 text")
        }
        try assembler.finish(take)
    }

    /// Whether the file opens as something read whole: `JRNLv3`, a Fernet token (`gAAAAA…`) or JSON (`{`), after
    /// a byte order mark and white space.
    private static func startsAsWhole(_ url: URL) throws -> Bool {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var start = (try handle.read(upToCount: 4096) ?? Data())[...]
        if start.starts(with: [0xEF, 0xBB, 0xBF]) { start = start.dropFirst(3) }
        let text = start.drop { $0 == 0x20 || (0x09...0x0D).contains($0) }
        return text.starts(with: Array("JRNLv3".utf8)) || text.starts(with: Array("gAAAAA".utf8))
            || text.first == UInt8(ascii: "{")
    }

    private static func isCipherText(_ url: URL) throws -> Bool {
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        // jrnl 1.x's cipher text is a whole journal's worth of blocks; one so large would be no journal of it.
        guard size <= 64 << 20 else { return false }
        return JrnlImport.isCipherText(try Data(contentsOf: url))
    }
}

/// The lines of a UTF-8 text file, read a megabyte at a time and split as `JrnlTextReader.lines(of:)` splits a
/// string; each line is handed on as soon as its break is read, so only the line being read is held.
enum TextFileLines {
    enum Failure: Error {
        case notUTF8
    }

    static func read(_ url: URL, pieces: Int = 1 << 20, _ take: (Substring) throws -> Void) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var buffer: [UInt8] = []
        // Where the line being read starts its unread bytes, kept across pieces so a long line is scanned once.
        var scanned = 0
        var startRead = false
        while true {
            let piece = try handle.read(upToCount: pieces) ?? Data()
            let final = piece.isEmpty
            buffer.append(contentsOf: piece)
            if !startRead {
                // A byte order mark is no part of the first line; it may come in pieces.
                guard buffer.count >= 3 || final else { continue }
                if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { buffer.removeFirst(3) }
                startRead = true
            }
            var start = 0
            var index = scanned
            while index < buffer.count {
                guard JrnlTextReader.mayBreak(buffer[index]) else {
                    index += 1
                    continue
                }
                guard let width = JrnlTextReader.lineBreak(in: buffer, at: index, final: final) else { break }
                if width == 0 {
                    index += 1
                    continue
                }
                try take(try line(buffer[start..<index]))
                index += width
                start = index
            }
            if final {
                try take(try line(buffer[start...]))
                return
            }
            buffer.removeFirst(start)
            scanned = index - start
        }
    }

    private static func line(_ bytes: ArraySlice<UInt8>) throws -> Substring {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Failure.notUTF8 }
        return text[...]
    }
}
