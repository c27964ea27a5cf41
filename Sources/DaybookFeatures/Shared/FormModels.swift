import DaybookCore

/// One form control as a template draws it: label, what was typed, and what went wrong.
public struct FormField: Sendable, Encodable {
    public var id: String
    public var label: String
    public var value: String
    public var hint: String?
    public var error: String?
    public var maxLength: Int?
    public var options: [FormOption]
    /// A group of checkboxes sharing the field's name, drawn as a fieldset; empty for other kinds.
    public var checkboxes: [FormOption]
    /// Stored rather than computed: templates read stored properties only.
    public var isSelect: Bool
    public var isTextArea: Bool
    public var isCheckboxes: Bool
    /// A plain text input: neither a select, a text area nor checkboxes.
    public var isInput: Bool
    public var hasError: Bool
    /// The ids of the elements describing this field (hint and error), for `aria-describedby`.
    public var describedBy: String?

    public init(
        id: String, label: String, value: String, hint: String? = nil, error: String? = nil, maxLength: Int? = nil,
        options: [FormOption] = [], isTextArea: Bool = false, checkboxes: [FormOption] = []
    ) {
        self.id = id
        self.label = label
        self.value = value
        self.hint = hint
        self.error = error
        self.maxLength = maxLength
        self.options = options
        self.checkboxes = checkboxes
        self.isSelect = !options.isEmpty
        self.isTextArea = isTextArea
        self.isCheckboxes = !checkboxes.isEmpty
        self.isInput = !isSelect && !isTextArea && !isCheckboxes
        self.hasError = error != nil
        let described = [hint == nil ? nil : "\(id)-hint", error == nil ? nil : "\(id)-error"].compactMap { $0 }
        self.describedBy = described.isEmpty ? nil : described.joined(separator: " ")
    }
}

public struct FormOption: Sendable, Encodable {
    public var value: String
    public var label: String
    public var isSelected: Bool
    /// A colour swatch shown beside the option, when it is one.
    public var swatch: String?

    public init(value: String, label: String, isSelected: Bool, swatch: String? = nil) {
        self.value = value
        self.label = label
        self.isSelected = isSelected
        self.swatch = swatch
    }
}

public enum FieldProblemPresenter {
    /// The sentence that tells a person what to change.
    public static func message(for problem: FieldProblem, localizer: Localizer) -> String {
        switch problem {
        case .empty: localizer("error.field.empty")
        case .tooLong(let limit): localizer.plural("error.field.tooLong", count: limit)
        case .lineBreak: localizer("error.field.lineBreak")
        case .invalidColor: localizer("error.field.invalidColor")
        case .unknownChoice: localizer("error.field.unknownChoice")
        case .unknownTimeZone: localizer("error.field.unknownTimeZone")
        case .notAWholeNumber: localizer("error.field.notAWholeNumber")
        case .outOfRange(let range):
            localizer("error.field.outOfRange", localizer.number(range.lowerBound), localizer.number(range.upperBound))
        }
    }

    /// Field name → message, for a refused settings change.
    public static func messages(_ problems: [SettingsField: FieldProblem], localizer: Localizer) -> [String: String] {
        var fields: [String: String] = [:]
        for (field, problem) in problems { fields[field.rawValue] = message(for: problem, localizer: localizer) }
        return fields
    }

    /// The summary above a form with `count` problems.
    public static func summary(count: Int, localizer: Localizer) -> String {
        localizer.plural("error.form.summary", count: count)
    }
}

/// The language options, each in its own language.
public enum LanguageOptions {
    public static func options(selected: AppLanguage) -> [FormOption] {
        AppLanguage.allCases.map { FormOption(value: $0.rawValue, label: $0.endonym, isSelected: $0 == selected) }
    }
}

/// Accent swatches, with the chosen colour added when it is not a preset.
public enum AccentOptions {
    public static func options(selected: String, localizer: Localizer) -> [FormOption] {
        var colors = HexColor.presets.map(\.hex)
        let chosen = selected.lowercased()
        if HexColor(hex: chosen) != nil, !colors.contains(chosen) { colors.append(chosen) }
        return colors.enumerated().map { index, hex in
            FormOption(
                value: hex, label: localizer("accent.swatch", localizer.number(index + 1), hex),
                isSelected: hex == chosen, swatch: hex)
        }
    }
}

/// A settings change that was refused: what the person typed, and why, to show them again.
public struct SettingsRejection: Sendable {
    public var typed: SettingsChange
    public var problems: [SettingsField: FieldProblem]

    public init(typed: SettingsChange, problems: [SettingsField: FieldProblem]) {
        self.typed = typed
        self.problems = problems
    }
}
