/// One note of a bird's phrase; times in seconds from the phrase start, pitches in hertz.
struct BirdNote {
    var start: Float
    var duration: Float
    var from: Float
    var to: Float
    var vibratoRate: Float = 0
    var vibratoDepth: Float = 0
    var amplitude: Float = 1
}

/// The kinds of phrase the birdsong loop draws from.
enum BirdSpecies: CaseIterable {
    /// Two to four falling whistles.
    case whistler
    /// A fast run of short rising chirps.
    case triller
    /// A clear two-note call, high then lower.
    case caller
    /// A quick varied song of gliding notes.
    case songster

    func phrase(generator: inout NoiseGenerator) -> [BirdNote] {
        switch self {
        case .whistler: whistles(&generator)
        case .triller: trill(&generator)
        case .caller: call(&generator)
        case .songster: song(&generator)
        }
    }

    private func whistles(_ generator: inout NoiseGenerator) -> [BirdNote] {
        var pitch = generator.uniform(2_600...4_200)
        var start: Float = 0
        var notes: [BirdNote] = []
        for _ in 0..<generator.integer(2...4) {
            let duration = generator.uniform(0.12...0.2)
            notes.append(
                BirdNote(
                    start: start, duration: duration, from: pitch * 1.18, to: pitch * 0.82, vibratoRate: 28,
                    vibratoDepth: 0.012))
            start += duration + generator.uniform(0.05...0.1)
            pitch *= 0.95
        }
        return notes
    }

    private func trill(_ generator: inout NoiseGenerator) -> [BirdNote] {
        let pitch = generator.uniform(3_600...4_800)
        let count = generator.integer(8...14)
        return (0..<count).map { index in
            BirdNote(
                start: Float(index) * 0.05, duration: 0.028, from: pitch * 0.8, to: pitch * 1.2,
                amplitude: 0.8 - 0.03 * Float(index))
        }
    }

    private func call(_ generator: inout NoiseGenerator) -> [BirdNote] {
        let pitch = generator.uniform(3_000...4_000)
        let repeats = generator.chance(0.4) ? 2 : 1
        return (0..<repeats).flatMap { round in
            let start = Float(round) * 0.9
            return [
                BirdNote(
                    start: start, duration: 0.26, from: pitch, to: pitch * 1.02, vibratoRate: 7, vibratoDepth: 0.006),
                BirdNote(
                    start: start + 0.33, duration: 0.3, from: pitch * 0.84, to: pitch * 0.82, vibratoRate: 7,
                    vibratoDepth: 0.006),
            ]
        }
    }

    private func song(_ generator: inout NoiseGenerator) -> [BirdNote] {
        let pitch = generator.uniform(2_400...3_600)
        var start: Float = 0
        var notes: [BirdNote] = []
        for _ in 0..<generator.integer(5...8) {
            let duration = generator.uniform(0.06...0.12)
            notes.append(
                BirdNote(
                    start: start, duration: duration, from: pitch * generator.uniform(0.8...1.3),
                    to: pitch * generator.uniform(0.8...1.4), vibratoRate: 16, vibratoDepth: 0.04,
                    amplitude: generator.uniform(0.6...1)))
            start += duration + generator.uniform(0.02...0.05)
        }
        return notes
    }
}
