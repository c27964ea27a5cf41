import DaybookCore
import Foundation

/// A fast deterministic random source for audio (xorshift64*), seeded through SplitMix64 so nearby seeds diverge.
struct NoiseGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        var mixer = SeededGenerator(seed: seed)
        state = mixer.next() | 1
    }

    mutating func nextBits() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// Uniform in 0..<1.
    mutating func unit() -> Float {
        Float(nextBits() >> 40) * 0x1p-24
    }

    /// Uniform in -1..<1: white noise.
    mutating func bipolar() -> Float {
        unit() * 2 - 1
    }

    mutating func uniform(_ range: ClosedRange<Float>) -> Float {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(nextBits() % UInt64(range.count))
    }

    mutating func chance(_ probability: Float) -> Bool {
        unit() < probability
    }

    /// Exponentially distributed, for the gaps of a Poisson process.
    mutating func exponential(mean: Float) -> Float {
        -mean * log(1 - unit())
    }
}

/// Pink (−3 dB per octave) noise: white rows refreshed at halving rates and summed (Voss–McCartney).
struct PinkNoise {
    private static let rowCount = 12
    private var rows = [Float](repeating: 0, count: rowCount)
    private var total: Float = 0
    private var counter: UInt32 = 0

    /// Roughly unit-variance-scaled so the output stays around ±1.
    mutating func next(_ generator: inout NoiseGenerator) -> Float {
        counter &+= 1
        let row = counter.trailingZeroBitCount
        if row < Self.rowCount {
            let value = generator.bipolar()
            total += value - rows[row]
            rows[row] = value
        }
        return (total + generator.bipolar()) * 0.25
    }
}

/// Brown (−6 dB per octave) noise: white noise integrated with a leak, so it never drifts away.
struct BrownNoise {
    private let leak: Float
    private let gain: Float
    private var level: Float = 0

    /// - Parameter corner: below this frequency the spectrum is flat instead of rising forever.
    init(corner: Float = 12, sampleRate: Float) {
        leak = exp(-2 * .pi * corner / sampleRate)
        // Scaled so the standard deviation is about 0.3 whatever the sample rate.
        gain = 0.52 * (1 - leak * leak).squareRoot()
    }

    mutating func next(_ generator: inout NoiseGenerator) -> Float {
        level = level * leak + generator.bipolar() * gain
        return level
    }
}
