import DaybookCore
import Foundation

extension TrackerPresenter {
    /// The new-tracker form, or the edit form of `tracker`; after a refusal, `typed` and `problem`.
    public static func form(
        _ tracker: Tracker?, typed: Trackers.Draft? = nil, problem: Trackers.Problem? = nil, settings: Settings,
        localizer: Localizer
    ) -> Trackers.FormViewModel {
        let kind = typed?.kind ?? tracker?.kind.rawValue ?? TrackerKind.boolean.rawValue
        let unitValue: String
        let labelValue: String
        switch tracker?.unit {
        case .canonical(let canonical)?: (unitValue, labelValue) = (canonical.rawValue, "")
        case .currency(let code)?: (unitValue, labelValue) = (CanonicalUnit.currency.rawValue, code)
        case .custom(let label)?: (unitValue, labelValue) = ("custom", label)
        case nil: (unitValue, labelValue) = ("", "")
        }
        let unit = typed?.unit ?? unitValue
        let comparison = typed?.targetComparison ?? tracker?.target?.comparison.rawValue ?? ""
        let targetText =
            typed?.targetValue
            ?? tracker?.target.map { tracker?.kind == .duration ? durationText(Int($0.value)) : inputText($0.value) }
            ?? ""
        let color = typed?.color ?? tracker?.color ?? TaskColor.defaultName
        let frequency = tracker?.frequency ?? .daily
        let (storedForm, storedCount) = frequencyFields(frequency)
        let frequencyForm = typed?.frequency.map { frequencyFields(text: $0).form } ?? storedForm
        let frequencyCount = typed?.frequency.map { frequencyFields(text: $0).count } ?? storedCount
        var frequencyOptions = ["daily", "week", "month", "days"].map {
            FormOption(
                value: $0, label: localizer("tracker.frequency.option.\($0)"), isSelected: frequencyForm == $0)
        }
        if case .custom = frequency.form {
            // A window of its own (from Loop) stays on offer as it is.
            frequencyOptions.append(
                FormOption(
                    value: frequency.text, label: frequencyLabel(frequency, localizer: localizer),
                    isSelected: frequencyForm == frequency.text))
        }
        func error(_ matches: (Trackers.Problem) -> Bool) -> String? {
            // A unit or target that does not fit the stored tracker is shown beside its field all the same.
            let shown: Trackers.Problem? =
                if case .doesNotFit(let inner) = problem { inner } else { problem }
            guard let shown, matches(shown) else { return nil }
            return message(for: shown, localizer: localizer)
        }
        let units =
            [FormOption(value: "", label: localizer("tracker.unit.none"), isSelected: unit.isEmpty)]
            + TrackerUnit.offered(for: settings.units).map {
                FormOption(
                    value: $0.rawValue, label: localizer("tracker.unit.name.\($0.rawValue)"),
                    isSelected: unit == $0.rawValue)
            }
            + [FormOption(value: "custom", label: localizer("tracker.unit.name.custom"), isSelected: unit == "custom")]
        return Trackers.FormViewModel(
            title: tracker.map { localizer("tracker.editTitle", $0.name) } ?? localizer("trackers.new"),
            action: tracker.map { "/trackers/\($0.id)/edit" } ?? "/trackers/new", isNew: tracker == nil,
            name: FormField(
                id: "name", label: localizer("tracker.field.name"), value: typed?.name ?? tracker?.name ?? "",
                hint: localizer("tracker.field.name.hint"),
                error: error {
                    if case .name = $0 { return true }
                    return $0 == .duplicateName || $0 == .tooMany(limit: Tracker.Limits.count)
                }, maxLength: Tracker.Limits.nameLength),
            kind: FormField(
                id: "kind", label: localizer("tracker.field.kind"), value: kind,
                hint: tracker == nil ? localizer("tracker.field.kind.hint") : localizer("tracker.field.kind.fixed"),
                error: error { $0 == .unknownKind || $0 == .kindIsFixed },
                options: TrackerKind.allCases.filter { tracker == nil || $0 == tracker?.kind }.map {
                    FormOption(
                        value: $0.rawValue, label: localizer("tracker.kind.\($0.rawValue)"),
                        isSelected: kind == $0.rawValue)
                }),
            unit: FormField(
                id: "unit", label: localizer("tracker.field.unit"), value: unit,
                hint: localizer("tracker.field.unit.hint"),
                error: error { $0 == .unknownUnit || $0 == .unitForKind }, options: units),
            unitLabel: FormField(
                id: "unitLabel", label: localizer("tracker.field.unitLabel"), value: typed?.unitLabel ?? labelValue,
                hint: localizer("tracker.field.unitLabel.hint"),
                error: error {
                    if case .unitLabel = $0 { return true }
                    return $0 == .invalidCurrency
                }, maxLength: Tracker.Limits.unitLabelLength),
            targetComparison: FormField(
                id: "targetComparison", label: localizer("tracker.field.target"), value: comparison,
                hint: localizer("tracker.field.target.hint"),
                options: ["", "atLeast", "atMost"].map {
                    FormOption(
                        value: $0, label: localizer($0.isEmpty ? "tracker.target.none" : "tracker.comparison.\($0)"),
                        isSelected: comparison == $0)
                }),
            targetValue: FormField(
                id: "targetValue", label: localizer("tracker.field.targetValue"), value: targetText,
                hint: localizer("tracker.field.targetValue.hint"),
                error: error {
                    if case .invalidTarget = $0 { return true }
                    return false
                }, maxLength: 24),
            color: FormField(
                id: "color", label: localizer("tracker.field.color"), value: color,
                error: error { $0 == .invalidColor },
                options: TaskColor.presets.map {
                    FormOption(
                        value: $0.name, label: localizer("timeline.color.\($0.name)"), isSelected: color == $0.name,
                        swatch: $0.color.hex)
                }),
            frequency: FormField(
                id: "frequency", label: localizer("tracker.field.frequency"), value: frequencyForm,
                // The refusal is told once, beside the count that is usually what was wrong.
                hint: localizer("tracker.field.frequency.hint"), options: frequencyOptions),
            frequencyCount: FormField(
                id: "frequencyCount", label: localizer("tracker.field.frequencyCount"), value: frequencyCount,
                hint: localizer("tracker.field.frequencyCount.hint"),
                error: error { $0 == .invalidFrequency }, maxLength: 3),
            note: FormField(
                id: "note", label: localizer("tracker.field.note"), value: typed?.note ?? tracker?.note ?? "",
                hint: localizer("tracker.field.note.hint"),
                error: error {
                    if case .note = $0 { return true }
                    return false
                }, maxLength: Tracker.Limits.noteLength, isTextArea: true),
            saveLabel: localizer(tracker == nil ? "trackers.create" : "tracker.save"),
            cancelHref: tracker.map { "/trackers/\($0.id)" } ?? "/trackers", cancelLabel: localizer("tracker.cancel"),
            error: problem.map { message(for: $0, localizer: localizer) },
            archiveAction: tracker.map { "/trackers/\($0.id)/archive" },
            archiveLabel: localizer(tracker?.isArchived == true ? "tracker.restoreShort" : "tracker.archive"),
            isArchived: tracker?.isArchived ?? false)
    }

    /// The form's two frequency fields for `frequency`: the chosen form and its count.
    static func frequencyFields(_ frequency: TrackerFrequency) -> (form: String, count: String) {
        switch frequency.form {
        case .daily: ("daily", "")
        case .timesPerWeek(let n): ("week", String(n))
        case .timesPerMonth(let n): ("month", String(n))
        case .everyDays(let k): ("days", String(k))
        case .custom: (frequency.text, "")
        }
    }

    /// The fields again for a refused `text`, as the routes put them together from the form.
    static func frequencyFields(text: String) -> (form: String, count: String) {
        if let frequency = try? TrackerFrequency(text: text) { return frequencyFields(frequency) }
        if let match = text.wholeMatch(of: /every-(.*)-days/) { return ("days", String(match.1)) }
        if let match = text.wholeMatch(of: /(.*)\/(week|month)/) { return (String(match.2), String(match.1)) }
        return (text, "")
    }

    /// The text `TrackerFrequency(text:)` reads from the form's two fields: the form (`daily`, `week`, `month`,
    /// `days`, or a window of the tracker's own such as `2/3`) and its count.
    public static func frequencyText(form: String, count: String) -> String {
        let count = count.trimmingCharacters(in: .whitespaces)
        switch form {
        case "week": return "\(count)/week"
        case "month": return "\(count)/month"
        case "days": return "every-\(count)-days"
        default: return form
        }
    }

    static func durationText(_ minutes: Int) -> String {
        minutes % 60 == 0 ? "\(minutes / 60)h" : minutes < 60 ? "\(minutes)m" : "\(minutes / 60)h\(minutes % 60)m"
    }

}
