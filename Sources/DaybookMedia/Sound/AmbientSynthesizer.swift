import DaybookCore

/// Synthesises the ambient loops Focus Mode plays. Every loop is made by this code from seeded noise and simple
/// oscillators, so the same settings always give the same samples, and each loop repeats without an audible join.
public struct AmbientSynthesizer: Sendable, Equatable {
    /// The sounds this synthesiser can make: every ``AmbientSound`` except `.none`.
    public static let sounds: [AmbientSound] = AmbientSound.allCases.filter { $0 != .none }

    /// Samples per second.
    public let sampleRate: Int
    /// The length of every loop.
    public let seconds: Int
    /// The seed all the randomness derives from.
    public let seed: UInt64

    /// - Parameters:
    ///   - sampleRate: samples per second, at least 8 000.
    ///   - seconds: the loop length, at least one second.
    ///   - seed: the random seed all the noise derives from.
    public init(sampleRate: Int = 22_050, seconds: Int = 20, seed: UInt64 = 0x0DAB_00C5) {
        precondition(sampleRate >= 8_000, "sample rate too low for the loops' pitches")
        precondition(seconds >= 1, "a loop lasts at least a second")
        self.sampleRate = sampleRate
        self.seconds = seconds
        self.seed = seed
    }

    /// One seamless loop of `sound`: mono samples in -1…1, `sampleRate × seconds` of them, peaking at most 0.89 with
    /// a calm loudness between −24 and −20 dBFS RMS. `.none` has no samples.
    public func samples(for sound: AmbientSound) -> [Float] {
        var canvas = LoopCanvas(sampleRate: sampleRate, length: sampleRate * seconds)
        var generator = NoiseGenerator(seed: seed ^ Self.salt(for: sound))
        switch sound {
        case .brownNoise:
            BrownNoiseVoice.render(into: &canvas, generator: &generator)
            return canvas.finished(targetRMS: BrownNoiseVoice.targetRMS)
        case .rain:
            RainVoice.render(into: &canvas, generator: &generator)
            return canvas.finished(targetRMS: RainVoice.targetRMS)
        case .waves:
            WavesVoice.render(into: &canvas, generator: &generator)
            return canvas.finished(targetRMS: WavesVoice.targetRMS)
        case .birdsong:
            BirdsongVoice.render(into: &canvas, generator: &generator)
            return canvas.finished(targetRMS: BirdsongVoice.targetRMS)
        case .fireplace:
            FireplaceVoice.render(into: &canvas, generator: &generator)
            return canvas.finished(targetRMS: FireplaceVoice.targetRMS)
        case .none:
            return []
        }
    }

    /// A stable per-sound seed offset (FNV-1a of the raw value), so each sound has its own noise.
    private static func salt(for sound: AmbientSound) -> UInt64 {
        sound.rawValue.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
