import Foundation

/// ISO 3166-1 alpha-2 codes for country names as apps write them ("France", "대한민국", "日本"), in the
/// languages Daybook speaks and a few more.
enum Countries {
    /// `KR` for "KR", "kr", "South Korea" or "대한민국"; `nil` for a name no language here knows.
    static func code(_ name: String) -> String? {
        let name = name.trimmingWhiteSpace()
        if name.count == 2, name.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.letters.contains($0) }) {
            return name.uppercased()
        }
        return byName[key(name)]
    }

    private static func key(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    private static let byName: [String: String] = {
        var codes: [String: String] = [:]
        let regions = Locale.Region.isoRegions.map(\.identifier).filter {
            $0.count == 2 && $0.unicodeScalars.allSatisfy { CharacterSet.uppercaseLetters.contains($0) }
        }
        for language in ["en", "ko", "ja", "zh-Hans", "zh-Hant", "de", "fr", "es", "it", "pt", "nl"] {
            let locale = Locale(identifier: language)
            for region in regions {
                if let name = locale.localizedString(forRegionCode: region), codes[key(name)] == nil {
                    codes[key(name)] = region
                }
            }
        }
        return codes
    }()
}
