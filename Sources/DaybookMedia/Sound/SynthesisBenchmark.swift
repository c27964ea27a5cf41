import DaybookCore

/// Measures how fast the loops are synthesised.
public enum SynthesisBenchmark {
    /// - Parameter seconds: the loop length to synthesise, at the default sample rate.
    /// - Returns: for each sound, seconds of audio made per second of work (best of three runs).
    public static func run(seconds: Int = 20) -> [(AmbientSound, Double)] {
        let synthesizer = AmbientSynthesizer(seconds: seconds)
        let clock = ContinuousClock()
        return AmbientSynthesizer.sounds.map { sound in
            let runs = (0..<3).map { _ in
                clock.measure {
                    let count = synthesizer.samples(for: sound).count
                    precondition(count == synthesizer.sampleRate * seconds)
                }
            }
            let (whole, attoseconds) = runs.min()!.components
            return (sound, Double(seconds) / (Double(whole) + Double(attoseconds) * 1e-18))
        }
    }
}
