import Foundation

/// An entry as a person typed it in the editor, the API or the CLI: every field optional.
public struct JournalEntryDraft: Equatable, Sendable, Codable {
    public var title: String?
    /// Markdown.
    public var body: String?
    public var tags: [String]?
    public var starred: Bool?
    public var coverPhotoID: String?
    /// `YYYY-MM-DDTHH:mm[:ss[.fff]]` in the owner's time zone, the same with `Z` or `±HH:mm`, or a `YYYY-MM-DD`
    /// day (noon of it); blank for now.
    public var date: String?
    /// Where it was written; a draft without latitude and longitude takes the place away.
    public var place: PlaceDraft?

    public init(
        title: String? = nil, body: String? = nil, tags: [String]? = nil, starred: Bool? = nil,
        coverPhotoID: String? = nil, date: String? = nil, place: PlaceDraft? = nil
    ) {
        self.title = title
        self.body = body
        self.tags = tags
        self.starred = starred
        self.coverPhotoID = coverPhotoID
        self.date = date
        self.place = place
    }

    /// The draft checked against every limit of `JournalEntry.Limits`, trimmed and normalized.
    ///
    /// - Parameters:
    ///   - now: the moment of an entry without a date.
    ///   - timeZone: the owner's time zone: local dates are read in it, and the entry's day falls in it.
    /// - Throws: `JournalEntryDraft.Problem` naming every field that is wrong, with one problem each.
    public func validated(now: Date, timeZone: TimeZone) throws(JournalEntryDraft.Problem) -> JournalEntryContent {
        var problems: [JournalField: JournalProblem] = [:]
        let limits = JournalEntry.Limits.self

        let title = (self.title ?? "").trimmingWhiteSpace()
        if title.count > limits.titleLength { problems[.title] = .titleTooLong(limit: limits.titleLength) }

        let body = self.body ?? ""
        if body.utf8.count > limits.bodyBytes { problems[.body] = .bodyTooLong(limitBytes: limits.bodyBytes) }

        var tags: [String] = []
        do {
            tags = try JournalTags.normalized(self.tags ?? [])
        } catch {
            problems[.tags] = error
        }

        let cover = (coverPhotoID ?? "").trimmingWhiteSpace()
        let coverPhotoID = cover.isEmpty ? nil : cover

        var moment = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        if let text = date?.trimmingWhiteSpace(), !text.isEmpty {
            if let parsed = JournalDate.moment(from: text, timeZone: timeZone) {
                moment = parsed
            } else {
                problems[.date] = .invalidDate
            }
        }
        let day = DayKey(date: moment, timeZone: timeZone)
        if problems[.date] == nil, !limits.years.contains(day.year) { problems[.date] = .invalidDate }

        var place: Place?
        do {
            place = try self.place?.validated()
        } catch {
            problems[.place] = error
        }

        let blankBody = body.allSatisfy { $0.isWhitespace }
        if title.isEmpty, blankBody, coverPhotoID == nil, problems.isEmpty { problems[.body] = .empty }

        guard problems.isEmpty else { throw JournalEntryDraft.Problem(problems: problems) }
        return JournalEntryContent(
            moment: moment, day: day, timeZone: timeZone.identifier, title: title, body: body, tags: tags,
            isStarred: starred ?? false, coverPhotoID: coverPhotoID, place: place)
    }
}

/// A field of the entry form, named as in forms and the API.
public enum JournalField: String, CaseIterable, Sendable, Codable {
    case title, body, tags, date, coverPhotoID, place
}

/// Why an entry was refused. Each case is shown beside its field.
public enum JournalProblem: Error, Equatable, Sendable {
    /// No title, no body and no photo: nothing to keep.
    case empty
    case titleTooLong(limit: Int)
    case bodyTooLong(limitBytes: Int)
    /// A tag is blank after trimming, or longer than the limit.
    case tagLength(ClosedRange<Int>)
    /// A tag holds a comma or a line break.
    case tagCharacters
    case tooManyTags(limit: Int)
    /// Not a date in one of the accepted forms, or outside `JournalEntry.Limits.years`.
    case invalidDate
    /// A place without both latitude and longitude, out of range, with a name over its limit or a country that
    /// is not an ISO 3166 two-letter code.
    case invalidPlace
}

extension JournalEntryDraft {
    /// Every field a draft got wrong; nothing is saved when there is any.
    public struct Problem: Error, Equatable, Sendable {
        public var problems: [JournalField: JournalProblem]

        public init(problems: [JournalField: JournalProblem]) {
            self.problems = problems
        }

        /// Whether the body is over its limit: the answer is then 413, like any request too large to take.
        public var isTooLarge: Bool {
            problems.values.contains { if case .bodyTooLong = $0 { true } else { false } }
        }
    }
}

/// The rules of tags, shared by entries, filters and search.
public enum JournalTags {
    /// Tags trimmed, with later duplicates (ignoring case) dropped, in the order given.
    ///
    /// - Throws: the first `JournalProblem` a tag or the list has.
    public static func normalized(_ tags: [String]) throws(JournalProblem) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for raw in tags {
            let tag = raw.trimmingWhiteSpace()
            guard JournalEntry.Limits.tagLength.contains(tag.count) else {
                throw .tagLength(JournalEntry.Limits.tagLength)
            }
            guard !tag.unicodeScalars.contains(where: { $0 == "," || CharacterSet.newlines.contains($0) }) else {
                throw .tagCharacters
            }
            if seen.insert(key(tag)).inserted { result.append(tag) }
        }
        guard result.count <= JournalEntry.Limits.tagsPerEntry else {
            throw .tooManyTags(limit: JournalEntry.Limits.tagsPerEntry)
        }
        return result
    }

    /// What makes two tags the same: case and width folded (`Travel` = `travel`).
    public static func key(_ tag: String) -> String {
        tag.trimmingWhiteSpace()
            .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }
}

/// Reads the date forms a draft accepts.
enum JournalDate {
    static func moment(from text: String, timeZone: TimeZone) -> Date? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 10, let day = DayKey(string: String(String.UnicodeScalarView(scalars[0..<10]))) else {
            return nil
        }
        var rest = scalars[10...]
        var hour = 12
        var minute = 0
        var second = 0
        if rest.isEmpty { return date(day, hour, minute, second, timeZone) }
        guard let separator = rest.popFirst(), separator == "T" || separator == " " else { return nil }
        func number(_ digits: Int) -> Int? {
            var value = 0
            for _ in 0..<digits {
                guard let scalar = rest.popFirst(), ("0"..."9").contains(scalar) else { return nil }
                value = value * 10 + Int(scalar.value - 48)
            }
            return value
        }
        guard let h = number(2), rest.popFirst() == ":", let m = number(2), h < 24, m < 60 else { return nil }
        (hour, minute) = (h, m)
        if rest.first == ":" {
            rest.removeFirst()
            guard let s = number(2), s < 60 else { return nil }
            second = s
            // Fractions of a second, as JavaScript's `toISOString()` writes them, are dropped.
            if rest.first == "." {
                rest.removeFirst()
                var digits = 0
                while let next = rest.first, ("0"..."9").contains(next) {
                    rest.removeFirst()
                    digits += 1
                }
                guard digits > 0 else { return nil }
            }
        }
        if rest.isEmpty { return date(day, hour, minute, second, timeZone) }
        let sign = rest.popFirst()
        if sign == "Z", rest.isEmpty { return date(day, hour, minute, second, TimeZone(secondsFromGMT: 0)!) }
        guard sign == "+" || sign == "-", let oh = number(2), rest.popFirst() == ":", let om = number(2),
            rest.isEmpty, oh <= 14, om < 60,
            let zone = TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (oh * 3600 + om * 60))
        else { return nil }
        return date(day, hour, minute, second, zone)
    }

    private static func date(_ day: DayKey, _ hour: Int, _ minute: Int, _ second: Int, _ zone: TimeZone) -> Date? {
        Calendar.gregorian(in: zone).date(
            from: DateComponents(
                year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second))
    }
}
