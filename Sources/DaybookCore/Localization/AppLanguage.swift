import Foundation

/// A language Daybook speaks. The raw value is the BCP 47 tag used in catalogs and `<html lang>`.
public enum AppLanguage: String, CaseIterable, Codable, Sendable {
    case english = "en"
    case korean = "ko"
    case japanese = "ja"
    case simplifiedChinese = "zh-Hans"

    /// The language's own name, shown in language pickers whatever the current language is.
    public var endonym: String {
        switch self {
        case .english: "English"
        case .korean: "한국어"
        case .japanese: "日本語"
        case .simplifiedChinese: "简体中文"
        }
    }

    /// The locale used for dates and numbers.
    public var locale: Locale {
        switch self {
        case .english: Locale(identifier: "en_US")
        case .korean: Locale(identifier: "ko_KR")
        case .japanese: Locale(identifier: "ja_JP")
        case .simplifiedChinese: Locale(identifier: "zh_Hans_CN")
        }
    }

    /// Parses a tag loosely: `ko-KR`, `ja`, `zh-CN`, `zh-Hans-CN` and `en-GB` all find their language.
    public init?(tag: String) {
        let parts = tag.trimmingCharacters(in: .whitespaces).lowercased()
            .split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let primary = parts.first else { return nil }
        switch primary {
        case "en": self = .english
        case "ko": self = .korean
        case "ja": self = .japanese
        case "zh":
            // Traditional Chinese is not offered; only Simplified matches.
            let rest = Set(parts.dropFirst())
            if rest.contains("hant") || rest.contains("tw") || rest.contains("hk") || rest.contains("mo") {
                return nil
            }
            self = .simplifiedChinese
        default: return nil
        }
    }

    /// Picks the best language from an `Accept-Language` header, falling back to English.
    ///
    /// - Parameter acceptLanguage: the header's value, e.g. `ko-KR,ko;q=0.9,en;q=0.8`.
    public static func negotiate(acceptLanguage: String?) -> AppLanguage {
        guard let acceptLanguage else { return .english }
        let ranked = acceptLanguage.split(separator: ",").enumerated().compactMap {
            index, item -> (tag: String, quality: Double, index: Int)? in
            let fields = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = fields.first, !tag.isEmpty else { return nil }
            var quality = 1.0
            for field in fields.dropFirst() where field.hasPrefix("q=") {
                quality = Double(field.dropFirst(2)) ?? 0
            }
            return (tag, quality, index)
        }
        let sorted = ranked.filter { $0.quality > 0 }.sorted {
            $0.quality != $1.quality ? $0.quality > $1.quality : $0.index < $1.index
        }
        for candidate in sorted {
            if let language = AppLanguage(tag: candidate.tag) { return language }
        }
        return .english
    }
}
