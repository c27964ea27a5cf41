import Foundation

/// Turns catalog keys into final strings in one language, and formats dates and numbers for it.
///
/// Presenters receive a `Localizer`; they never read the device locale themselves.
public struct Localizer: Sendable {
    public let language: AppLanguage
    public let timeZone: TimeZone
    private let catalog: StringCatalog

    public init(language: AppLanguage, timeZone: TimeZone, catalog: StringCatalog) {
        self.language = language
        self.timeZone = timeZone
        self.catalog = catalog
    }

    public var locale: Locale { language.locale }

    /// The string for `key`, with `%@` / `%lld` / `%1$@` placeholders filled from `arguments`.
    /// A missing translation falls back to English, then to the key itself.
    public func callAsFunction(_ key: String, _ arguments: any CustomStringConvertible...) -> String {
        format(template(for: key, count: nil), arguments)
    }

    /// The string for `key` with its placeholders filled from `arguments`, when they come as a list.
    public func string(_ key: String, arguments: [String]) -> String {
        format(template(for: key, count: nil), arguments)
    }

    /// The plural form of `key` that fits `count`; `count` is also the first argument.
    public func plural(_ key: String, count: Int, _ arguments: any CustomStringConvertible...) -> String {
        format(template(for: key, count: count), [number(count)] + arguments)
    }

    /// The plural form of `key` that fits `count`, with `placeholder` where the count goes: a template for a
    /// page's script to fill in as the count changes.
    public func pluralTemplate(_ key: String, count: Int, placeholder: String) -> String {
        format(template(for: key, count: count), [placeholder])
    }

    /// A whole number in the language's digits and grouping.
    public func number(_ value: Int) -> String {
        // Every supported language writes 0–999 as plain ASCII digits; formatting styles are slow to build.
        if (0..<1000).contains(value) { return String(value) }
        return value.formatted(.number.locale(locale))
    }

    /// A fraction as a whole percentage in the language's style: 0.854 → "85%".
    public func percent(_ fraction: Double) -> String {
        fraction.formatted(.percent.precision(.fractionLength(0)).locale(locale))
    }

    /// A date like "Saturday, November 21" (without the year), in the owner's time zone.
    public func longDate(_ date: Date) -> String {
        var style = Date.FormatStyle(
            date: .omitted, time: .omitted, locale: locale, calendar: calendar, timeZone: timeZone)
        style = style.weekday(.wide).month(.wide).day()
        return date.formatted(style)
    }

    /// A calendar day like "Mon, Nov 16" or "11월 16일 (월)".
    public func day(_ day: DayKey, weekday: Bool = true, year: Bool = false) -> String {
        var style = Date.FormatStyle(
            date: .omitted, time: .omitted, locale: locale, calendar: calendar, timeZone: timeZone
        ).month(.abbreviated).day()
        if weekday { style = style.weekday(.abbreviated) }
        if year { style = style.year() }
        return day.date(in: timeZone).formatted(style)
    }

    /// `day(_:)` of `count` days in a row from `first`, made once per language, time zone and span and kept:
    /// a month grid labels every cell, and formatting a date costs more than everything else a cell needs.
    ///
    /// - Parameter yearUnless: days of another year than this one are labelled with their year.
    public func dayLabels(from first: DayKey, count: Int, yearUnless year: Int? = nil) -> [String] {
        let key = "\(language.rawValue)|\(timeZone.identifier)|\(first)|\(count)|\(year ?? 0)"
        if let kept = Self.keptDayLabels.withLock({ $0[key] }) { return kept }
        let labels = (0..<count).map {
            let label = first.adding(days: $0)
            return day(label, year: year.map { label.year != $0 } ?? false)
        }
        Self.keptDayLabels.withLock { kept in
            if kept.count >= 64 { kept.removeAll() }
            kept[key] = labels
        }
        return labels
    }

    private static let keptDayLabels = Locked<[String: [String]]>([:])

    /// The short name of a day's weekday: "Mon", "월", "月".
    public func weekdayName(_ day: DayKey) -> String {
        day.date(in: timeZone).formatted(
            Date.FormatStyle(date: .omitted, time: .omitted, locale: locale, calendar: calendar, timeZone: timeZone)
                .weekday(.abbreviated))
    }

    /// A month's short name: "Nov", "11월", "11月".
    public func monthName(_ day: DayKey) -> String {
        day.date(in: timeZone).formatted(
            Date.FormatStyle(date: .omitted, time: .omitted, locale: locale, calendar: calendar, timeZone: timeZone)
                .month(.abbreviated))
    }

    /// A month with its year, as a heading: "November 2026", "2026년 11월".
    public func monthAndYear(_ day: DayKey) -> String {
        day.date(in: timeZone).formatted(
            Date.FormatStyle(date: .omitted, time: .omitted, locale: locale, calendar: calendar, timeZone: timeZone)
                .month(.wide).year())
    }

    /// A number with at most `digits` decimals: 0.42.
    public func decimal(_ value: Double, digits: Int = 2) -> String {
        value.formatted(.number.precision(.fractionLength(0...digits)).locale(locale))
    }

    /// A time of day like "9:05 AM" or "오전 9:05".
    public func time(_ date: Date) -> String {
        date.formatted(
            Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, calendar: calendar, timeZone: timeZone))
    }

    /// The calendar in the owner's time zone.
    public var calendar: Calendar {
        var calendar = Calendar.gregorian(in: timeZone)
        calendar.locale = locale
        return calendar
    }

    private func template(for key: String, count: Int?) -> String {
        let values = catalog.entries[key]
        guard let value = values?[language.rawValue] ?? values?[AppLanguage.english.rawValue] else { return key }
        switch value {
        case .plain(let text):
            return text
        case .plural(let forms):
            let category = language.pluralCategory(for: count ?? 0)
            return forms[category] ?? forms[.other] ?? key
        }
    }

    private func format(_ template: String, _ arguments: [any CustomStringConvertible]) -> String {
        // Most strings have no placeholder: nothing to fill in.
        guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
        var output = ""
        var next = 0
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            guard character == "%" else {
                output.append(character)
                index = template.index(after: index)
                continue
            }
            var cursor = template.index(after: index)
            guard cursor < template.endIndex else {
                output.append(character)
                break
            }
            if template[cursor] == "%" {
                output.append("%")
                index = template.index(after: cursor)
                continue
            }
            // Optional position: %2$@
            var position: Int?
            var digits = ""
            var probe = cursor
            while probe < template.endIndex, template[probe].isASCII, template[probe].isNumber {
                digits.append(template[probe])
                probe = template.index(after: probe)
            }
            if !digits.isEmpty, probe < template.endIndex, template[probe] == "$" {
                position = Int(digits).map { $0 - 1 }
                cursor = template.index(after: probe)
            }
            // Length modifiers, then the conversion character.
            while cursor < template.endIndex, "lhqzjt".contains(template[cursor]) {
                cursor = template.index(after: cursor)
            }
            guard cursor < template.endIndex else { break }
            let slot = position ?? next
            if position == nil { next += 1 }
            output += slot < arguments.count ? arguments[slot].description : ""
            index = template.index(after: cursor)
        }
        return output
    }
}

extension AppLanguage {
    /// CLDR's cardinal plural rule for whole numbers in this language.
    public func pluralCategory(for count: Int) -> PluralCategory {
        switch self {
        case .english: count == 1 ? .one : .other
        case .korean, .japanese, .simplifiedChinese: .other
        }
    }

    /// The plural categories a catalog must provide for this language.
    public var requiredPluralCategories: Set<PluralCategory> {
        switch self {
        case .english: [.one, .other]
        case .korean, .japanese, .simplifiedChinese: [.other]
        }
    }
}
