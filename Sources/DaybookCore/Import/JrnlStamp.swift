import Foundation

/// The date and time at the head of a jrnl entry, as the journal's `timeformat` wrote them: `2013-06-09 15:39`
/// (jrnl's default), `2013-06-09 03:39 PM`, `09.06.2013 15:39`, `06/09/2013 15:39:02`, `2013/06/09 15:39`, two-digit
/// years… The numbers are kept as written; which is the day and which the month is decided for the whole file.
struct JrnlStamp: Equatable, Sendable {
    /// How a stamp's three date numbers are ordered.
    enum Order: CaseIterable, Sendable {
        case yearFirst, dayFirst, monthFirst
    }

    var first: Int
    var second: Int
    var third: Int
    /// Whether the first number had four digits (a year).
    var startsWithYear: Bool
    var separator: Character
    var hour: Int
    var minute: Int
    var seconds: Int
    /// `true` for PM, `false` for AM, `nil` on a 24-hour clock.
    var afternoon: Bool?

    /// - Returns: `nil` when `text` is not a date and a time written with digits.
    init?(_ text: some StringProtocol) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "T" || $0 == "," })
        guard (2...3).contains(words.count) else { return nil }
        let date = words[0]
        guard let separator = date.first(where: { "-./".contains($0) }) else { return nil }
        let numbers = date.split(separator: separator, omittingEmptySubsequences: false)
        guard numbers.count == 3, numbers.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        let clock = words[1].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(clock.count),
            clock.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        if words.count == 3 {
            switch words[2].uppercased().replacingOccurrences(of: ".", with: "") {
            case "AM": afternoon = false
            case "PM": afternoon = true
            default: return nil
            }
        } else {
            afternoon = nil
        }
        first = Int(numbers[0])!
        second = Int(numbers[1])!
        third = Int(numbers[2])!
        startsWithYear = numbers[0].count == 4
        guard startsWithYear || numbers[2].count != 3 else { return nil }
        self.separator = separator
        hour = Int(clock[0])!
        minute = Int(clock[1])!
        seconds = clock.count == 3 ? Int(clock[2])! : 0
    }

    /// The date and time in `order`, or `nil` when that reading is no real date (a 13th month, 30 February).
    func components(_ order: Order) -> DateComponents? {
        let (year, month, day): (Int, Int, Int)
        switch order {
        case .yearFirst:
            guard startsWithYear else { return nil }
            (year, month, day) = (first, second, third)
        case .dayFirst:
            guard !startsWithYear else { return nil }
            (year, month, day) = (Self.fullYear(third), second, first)
        case .monthFirst:
            guard !startsWithYear else { return nil }
            (year, month, day) = (Self.fullYear(third), first, second)
        }
        guard JournalEntry.Limits.years.contains(year), (1...12).contains(month),
            (1...Self.days(inMonth: month, of: year)).contains(day)
        else { return nil }
        var hour = hour
        if let afternoon {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (afternoon ? 12 : 0)
        }
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(seconds) else { return nil }
        return DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: seconds)
    }

    /// Python's `%y`: 69–99 are 1900s, 00–68 2000s.
    private static func fullYear(_ year: Int) -> Int {
        year >= 100 ? year : year + (year >= 69 ? 1900 : 2000)
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// How a journal file's stamps are read: the order of their date numbers, chosen once for the whole file.
struct JrnlDateReading: Sendable {
    var order: JrnlStamp.Order
    /// Set when the stamps could be read either way and nothing in the file decided (say `03/04/2020` only).
    var ambiguous: Bool

    /// The order that makes the most stamps real dates; on a tie the one that keeps them in the order jrnl wrote
    /// them (oldest first); then day-first for `.` dates and month-first for `/` and `-` ones, noted as ambiguous.
    init(_ stamps: [JrnlStamp], timeZone: TimeZone) {
        let calendar = Calendar.gregorian(in: timeZone)
        func dates(_ order: JrnlStamp.Order) -> [Date] {
            stamps.compactMap { $0.components(order) }.compactMap { calendar.date(from: $0) }
        }
        let counts = JrnlStamp.Order.allCases.map { ($0, dates($0)) }
        let most = counts.map(\.1.count).max() ?? 0
        var best = counts.filter { $0.1.count == most }
        if best.count > 1 {
            let sorted = best.filter { zip($0.1, $0.1.dropFirst()).allSatisfy { $0 <= $1 } }
            if !sorted.isEmpty { best = sorted }
        }
        if best.count == 1 || most == 0 {
            order = best.first?.0 ?? .yearFirst
            ambiguous = false
        } else {
            let dotted = stamps.first.map { $0.separator == "." } ?? false
            order = dotted ? .dayFirst : .monthFirst
            ambiguous = true
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
