import Foundation

/// The stored form of a timer: one flat JSON object, the same whatever the encoder's date strategy.
///
/// ```json
/// {"phase":"paused","mode":"countdown","plannedSeconds":1500,"taskID":"t1","sound":"rain",
///  "accumulated":600,"sessionStartedAt":1795217400,"pausedAt":1795218000,"pausedTotal":0}
/// ```
/// Dates are Unix seconds (JSON numbers, fractions kept). `plannedSeconds` appears only for a countdown,
/// and `taskID`, `startedAt`, `sessionStartedAt`, `pausedAt` only when set. Decoding refuses a value whose
/// phase lacks the timestamps it needs, so a damaged row fails loudly instead of counting from 1970.
extension FocusTimer: Codable {
    enum CodingKeys: String, CodingKey {
        case phase, mode, plannedSeconds, taskID, sound, startedAt, accumulated, sessionStartedAt, pausedAt
        case pausedTotal
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func date(_ key: CodingKeys) throws -> Date? {
            try container.decodeIfPresent(Double.self, forKey: key).map(Date.init(timeIntervalSince1970:))
        }
        self.init(
            phase: try container.decode(Phase.self, forKey: .phase), mode: try Mode(from: decoder),
            taskID: try container.decodeIfPresent(String.self, forKey: .taskID),
            sound: try container.decode(AmbientSound.self, forKey: .sound), startedAt: try date(.startedAt),
            accumulated: try container.decode(Double.self, forKey: .accumulated),
            sessionStartedAt: try date(.sessionStartedAt), pausedAt: try date(.pausedAt),
            pausedTotal: try container.decode(Double.self, forKey: .pausedTotal))
        let consistent =
            switch phase {
            case .idle: true
            case .running: startedAt != nil && sessionStartedAt != nil
            case .paused: pausedAt != nil && sessionStartedAt != nil
            case .finished: sessionStartedAt != nil
            }
        guard consistent else {
            throw DecodingError.dataCorruptedError(
                forKey: .phase, in: container, debugDescription: "a \(phase.rawValue) timer lacks its timestamps")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(phase, forKey: .phase)
        switch mode {
        case .stopwatch: try container.encode("stopwatch", forKey: .mode)
        case .countdown(let seconds):
            try container.encode("countdown", forKey: .mode)
            try container.encode(seconds, forKey: .plannedSeconds)
        }
        try container.encodeIfPresent(taskID, forKey: .taskID)
        try container.encode(sound, forKey: .sound)
        try container.encodeIfPresent(startedAt?.timeIntervalSince1970, forKey: .startedAt)
        try container.encode(accumulated, forKey: .accumulated)
        try container.encodeIfPresent(sessionStartedAt?.timeIntervalSince1970, forKey: .sessionStartedAt)
        try container.encodeIfPresent(pausedAt?.timeIntervalSince1970, forKey: .pausedAt)
        try container.encode(pausedTotal, forKey: .pausedTotal)
    }
}

/// A mode encodes as `{"mode":"countdown","plannedSeconds":1500}` or `{"mode":"stopwatch"}`; a timer
/// writes the same two keys into its own object.
extension FocusTimer.Mode: Codable {
    private enum CodingKeys: String, CodingKey {
        case mode, plannedSeconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .mode) {
        case "stopwatch":
            self = .stopwatch
        case "countdown":
            let seconds = try container.decode(Int.self, forKey: .plannedSeconds)
            guard seconds > 0 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .plannedSeconds, in: container, debugDescription: "a countdown needs a positive length")
            }
            self = .countdown(seconds: seconds)
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .mode, in: container, debugDescription: "unknown timer mode \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .stopwatch:
            try container.encode("stopwatch", forKey: .mode)
        case .countdown(let seconds):
            try container.encode("countdown", forKey: .mode)
            try container.encode(seconds, forKey: .plannedSeconds)
        }
    }
}
