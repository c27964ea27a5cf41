import Foundation

/// One journal of a Day One JSON export (`<Journal name>.json` in the ZIP): entries with their Markdown (or, in
/// older exports, only `richText`), time zone, tags, star, location and weather. Photos are in the ZIP as
/// `photos/MD5.TYPE` and referenced as `dayone-moment://ID`; videos, audio and PDFs, which Daybook does not keep,
/// become a mention in the text and a problem each.
public enum DayOneImport {
    /// - Parameters:
    ///   - journal: the journal's name (its file's name without `.json`), as problems name it.
    ///   - tag: a tag every entry gets (the journal's name when the export holds several journals).
    ///   - timeZone: for entries whose own time zone is missing or unknown.
    ///   - localizer: writes the mentions that stand in for attachments Daybook does not keep.
    /// - Throws: `ImportBatch.Problem` when the JSON is not a Day One journal.
    public static func parse(
        _ json: Data, journal: String = "Journal", tag: String? = nil, timeZone: TimeZone = .gmt,
        localizer: Localizer
    ) throws -> ImportBatch {
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let entries = root["entries"] as? [Any]
        else { throw ImportBatch.Problem.unreadable("\(journal).json is not a Day One export (no \"entries\")") }
        if let version = (root["metadata"] as? [String: Any])?["version"] as? String, !version.hasPrefix("1.") {
            throw ImportBatch.Problem.unknownVersion(version)
        }
        var batch = ImportBatch()
        var photoIDs: Set<String> = []
        for (index, value) in entries.enumerated() {
            let uuid = (value as? [String: Any])?["uuid"] as? String
            let item = "\(journal), entry \(index + 1)" + (uuid.map { " (\($0))" } ?? "")
            guard let object = value as? [String: Any] else {
                batch.problems.append(.init(item: item, key: "import.problem.notAnEntry", kind: .entries))
                continue
            }
            guard let written = object["creationDate"] as? String, let moment = date(written),
                JournalEntry.Limits.years.contains(Calendar.gregorian(in: .gmt).component(.year, from: moment))
            else {
                batch.problems.append(
                    .init(item: item, key: "import.problem.noCreationDate", kind: .entries))
                continue
            }
            let attachments = DayOneAttachments(object, item: item)
            batch.problems += attachments.problems
            for photo in attachments.photos where photoIDs.insert(photo.sourceID).inserted {
                batch.photos.append(photo)
            }
            var text = (object["text"] as? String).map(DayOneText.unescaped) ?? ""
            if text.allSatisfy(\.isWhitespace), let rich = object["richText"] as? String {
                text = DayOneText.plain(richText: rich)
            }
            let body = DayOneText.linkingAttachments(in: text, attachments, localizer: localizer)
            let heading = DayOneText.title(of: body)
            let (title, rest) = fittingTitle(heading.title, heading.body)
            guard !title.isEmpty || !rest.isEmpty else {
                batch.problems.append(.init(item: item, key: "import.problem.empty", kind: .entries))
                continue
            }
            let tags = (tag.map { [$0] } ?? []) + (object["tags"] as? [Any] ?? []).compactMap { $0 as? String }
            batch.entries.append(
                .init(
                    sourceID: uuid ?? contentDigest(journal, written, text), moment: moment,
                    timeZone: (object["timeZone"] as? String).flatMap(TimeZone.init(identifier:)) ?? timeZone,
                    title: title, body: rest,
                    tags: JrnlImport.unique(tags.map(tagText)), starred: object["starred"] as? Bool ?? false,
                    place: place(object["location"] as? [String: Any]),
                    weather: weather(object["weather"] as? [String: Any]), item: item))
        }
        return batch
    }

    /// The batch with the photos `missing` from the archive left out, each link to one in an entry's text
    /// replaced by a mention that it was not in the export.
    public static func leavingOut(_ missing: Set<String>, from batch: inout ImportBatch, localizer: Localizer) {
        guard !missing.isEmpty else { return }
        batch.photos.removeAll { missing.contains($0.sourceID) }
        let link = /!\[\]\(photo:([A-Za-z0-9_-]+)\)/
        let mention = DayOneText.mention(.photo, localizer: localizer)
        for index in batch.entries.indices where batch.entries[index].body.contains("](photo:") {
            batch.entries[index].body = batch.entries[index].body.replacing(link) { match in
                missing.contains(String(match.output.1)) ? mention : String(match.output.0)
            }
        }
    }

    /// A tag as Daybook keeps them: one line, no commas, composed Unicode (macOS writes names decomposed).
    public static func tagText(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping
            .components(separatedBy: CharacterSet(charactersIn: ",").union(.newlines))
            .joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// `2024-07-14T03:20:00Z`, with or without fractional seconds.
    static func date(_ text: String) -> Date? {
        let whole = ISO8601DateFormatter()
        if let date = whole.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    /// Day One's location: a place name and locality ("Pont Neuf, Paris"), the country and the coordinates.
    static func place(_ location: [String: Any]?) -> Place? {
        guard let location, let latitude = (location["latitude"] as? NSNumber)?.doubleValue,
            let longitude = (location["longitude"] as? NSNumber)?.doubleValue,
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        else { return nil }
        var names: [String] = []
        for key in ["placeName", "localityName"] {
            if let name = (location[key] as? String)?.trimmingWhiteSpace(), !name.isEmpty,
                !names.contains(name)
            {
                names.append(name)
            }
        }
        let country =
            (location["countryCode"] as? String).flatMap(Countries.code)
            ?? (location["country"] as? String).flatMap(Countries.code)
        return Place(
            coordinate: coordinate, name: String(names.joined(separator: ", ").prefix(Place.Limits.nameLength)),
            country: country)
    }

    static func weather(_ object: [String: Any]?) -> WeatherObservation? {
        guard let object, let temperature = (object["temperatureCelsius"] as? NSNumber)?.doubleValue,
            temperature.isFinite
        else { return nil }
        let code = (object["weatherCode"] as? String ?? object["conditionsDescription"] as? String ?? "").lowercased()
        let condition: WeatherCondition =
            code.contains("thunder")
            ? .thunderstorm
            : code.contains("snow") || code.contains("sleet")
                ? .snow
                : code.contains("rain") || code.contains("drizzle") || code.contains("shower")
                    ? .rain
                    : code.contains("fog") || code.contains("mist") || code.contains("haze")
                        ? .fog
                        : code.contains("partly")
                            ? .partlyCloudy
                            : code.contains("cloud") || code.contains("overcast") ? .cloudy : .clear
        let wind = (object["windSpeedKPH"] as? NSNumber)?.doubleValue ?? 0
        return WeatherObservation(
            condition: condition, temperature: temperature, high: temperature, low: temperature,
            precipitation: 0, wind: wind.isFinite ? wind : 0)
    }
}
