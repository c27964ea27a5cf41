import Foundation

/// All localized strings Daybook knows, merged from `.xcstrings` catalogs (one per scene).
public struct StringCatalog: Sendable {
    /// A string in one language: plain, or varying by plural category.
    public enum Value: Sendable, Equatable {
        case plain(String)
        case plural([PluralCategory: String])
    }

    /// Every key with its value per language tag (`en`, `ko`, `ja`, `zh-Hans`).
    public private(set) var entries: [String: [String: Value]]
    /// The catalog file each key came from, for error messages.
    public private(set) var origins: [String: String]

    public init(entries: [String: [String: Value]] = [:]) {
        self.entries = entries
        self.origins = [:]
    }

    /// Loads and merges every `.xcstrings` file in a folder.
    ///
    /// - Throws: `StringCatalogError` when a file is not a valid catalog or two files define one key.
    public init(directory: URL) throws {
        self.init()
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "xcstrings" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        for file in files {
            try merge(data: Data(contentsOf: file), named: file.lastPathComponent)
        }
    }

    /// The catalogs shipped with Daybook.
    public static let bundled: StringCatalog = {
        guard let url = Bundle.module.url(forResource: "Localization", withExtension: nil),
            let catalog = try? StringCatalog(directory: url)
        else {
            fatalError("Daybook's string catalogs are missing or invalid in \(Bundle.module.bundlePath)")
        }
        return catalog
    }()

    /// Adds one catalog's strings.
    public mutating func merge(data: Data, named name: String) throws {
        let file: CatalogFile
        do {
            file = try JSONDecoder().decode(CatalogFile.self, from: data)
        } catch {
            throw StringCatalogError.invalidFile(name, String(describing: error))
        }
        for (key, entry) in file.strings {
            if let previous = origins[key] { throw StringCatalogError.duplicateKey(key, previous, name) }
            origins[key] = name
            var values: [String: Value] = [:]
            for (language, localization) in entry.localizations ?? [:] {
                if let plural = localization.variations?.plural {
                    var forms: [PluralCategory: String] = [:]
                    for (category, form) in plural {
                        guard let category = PluralCategory(rawValue: category), let value = form.stringUnit?.value
                        else { continue }
                        forms[category] = value
                    }
                    values[language] = .plural(forms)
                } else if let value = localization.stringUnit?.value {
                    values[language] = .plain(value)
                }
            }
            entries[key] = values
        }
    }
}

public enum StringCatalogError: Error, CustomStringConvertible {
    case invalidFile(String, String)
    case duplicateKey(String, String, String)

    public var description: String {
        switch self {
        case .invalidFile(let file, let reason): "\(file) is not a valid string catalog: \(reason)"
        case .duplicateKey(let key, let first, let second): "key \(key) is defined in both \(first) and \(second)"
        }
    }
}

/// CLDR plural categories, as named in string catalogs.
public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other
}

private struct CatalogFile: Decodable {
    var sourceLanguage: String
    var strings: [String: Entry]

    struct Entry: Decodable {
        var localizations: [String: Localization]?
    }

    struct Localization: Decodable {
        var stringUnit: StringUnit?
        var variations: Variations?
    }

    struct Variations: Decodable {
        var plural: [String: Localization]?
    }

    struct StringUnit: Decodable {
        var state: String?
        var value: String
    }
}
