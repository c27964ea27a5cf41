import GRDB

/// The FTS5 tokenizer of the journal's search index: `SearchSegmenter`'s rules, under a versioned name.
///
/// Registered on every connection (`AppDatabase.makeConfiguration()`). When its rules change, bump `version`:
/// the index is rebuilt when the database opens (`SearchIndex.prepare`). SQLite cannot drop an FTS5 table whose
/// tokenizer is unknown, so each retired name stays registered, as a subclass overriding `name`, in `retired`.
class SearchTokenizer: FTS5CustomTokenizer {
    /// The version of the tokenizing rules.
    static let version = 1

    class var name: String { "daybook\(version)" }

    /// Earlier versions, registered only so that their tables can be dropped.
    static let retired: [SearchTokenizer.Type] = []

    required init(db: Database, arguments: [String]) throws {}

    func tokenize(
        context: UnsafeMutableRawPointer?, tokenization: FTS5Tokenization, pText: UnsafePointer<CChar>?,
        nText: CInt, tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        guard let pText, nText > 0 else { return 0 }
        let text = UnsafeBufferPointer(
            start: UnsafeRawPointer(pText).assumingMemoryBound(to: UInt8.self), count: Int(nText))
        let colocated = FTS5TokenFlags.colocated.rawValue
        var code: CInt = 0
        SearchSegmenter.forEachToken(in: text, forQuery: tokenization.contains(.query)) {
            token, start, end, isColocated in
            code = token.withMemoryRebound(to: CChar.self) { bytes in
                tokenCallback(
                    context, isColocated ? colocated : 0, bytes.baseAddress, CInt(bytes.count), CInt(start), CInt(end))
            }
            return code == 0
        }
        return code
    }
}
