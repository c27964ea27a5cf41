import Foundation

/// Figures describing a loop: loudness, peak, how gentle its join is, and how bright it sounds.
public struct LoopMetrics: Sendable {
    /// Root-mean-square level in dBFS.
    public let rmsDecibels: Double
    /// The largest absolute sample.
    public let peak: Float
    /// |last − first| in dBFS: the step a listener hears where the loop starts again.
    public let joinDecibels: Double
    /// The 99.9th percentile of |x[n] − x[n−1]| inside the loop, in dBFS.
    public let stepPercentileDecibels: Double
    /// The power-weighted RMS frequency in hertz, read from the size of the steps: how bright the loop sounds.
    public let brightness: Double
    /// Sign changes per second.
    public let zeroCrossingRate: Double

    /// - Parameters:
    ///   - samples: one loop, at least two samples.
    ///   - sampleRate: samples per second.
    public init(samples: [Float], sampleRate: Int) {
        let count = samples.count
        let energy = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        rmsDecibels = Self.decibels((energy / Double(count)).squareRoot())
        peak = samples.reduce(0) { max($0, abs($1)) }
        joinDecibels = Self.decibels(Double(abs(samples[count - 1] - samples[0])))
        var steps: [Float] = []
        steps.reserveCapacity(count - 1)
        var stepEnergy = 0.0
        var crossings = 0
        for index in 1..<count {
            let step = samples[index] - samples[index - 1]
            steps.append(abs(step))
            stepEnergy += Double(step) * Double(step)
            if (samples[index] < 0) != (samples[index - 1] < 0) { crossings += 1 }
        }
        steps.sort()
        stepPercentileDecibels = Self.decibels(Double(steps[min(steps.count - 1, steps.count * 999 / 1_000)]))
        // E[Δx²] ≈ (2πf)²/fs² · E[x²] for the power-weighted frequency f.
        let ratio = energy > 0 ? (stepEnergy / energy).squareRoot() : 0
        brightness = Double(sampleRate) / (2 * Double.pi) * 2 * asin(min(1, ratio / 2))
        zeroCrossingRate = Double(crossings) * Double(sampleRate) / Double(count)
    }

    private static func decibels(_ amplitude: Double) -> Double {
        20 * log10(max(amplitude, 1e-12))
    }
}
