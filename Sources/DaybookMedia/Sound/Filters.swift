import Foundation

/// A first-order low-pass; its high-pass is the input minus the low-pass.
struct OnePole {
    private var coefficient: Float
    private var state: Float = 0

    init(cutoff: Float, sampleRate: Float) {
        coefficient = Self.coefficient(cutoff: cutoff, sampleRate: sampleRate)
    }

    static func coefficient(cutoff: Float, sampleRate: Float) -> Float {
        1 - exp(-2 * .pi * min(cutoff, 0.45 * sampleRate) / sampleRate)
    }

    /// Changes the cutoff without disturbing the state, for sweeps.
    mutating func setCoefficient(_ value: Float) {
        coefficient = value
    }

    mutating func lowPass(_ input: Float) -> Float {
        state += coefficient * (input - state)
        return state
    }

    mutating func highPass(_ input: Float) -> Float {
        input - lowPass(input)
    }
}

/// A second-order section (transposed direct form II) with the usual audio-cookbook designs.
struct Biquad {
    private let b0: Float
    private let b1: Float
    private let b2: Float
    private let a1: Float
    private let a2: Float
    private var z1: Float = 0
    private var z2: Float = 0

    private init(b0: Double, b1: Double, b2: Double, a0: Double, a1: Double, a2: Double) {
        self.b0 = Float(b0 / a0)
        self.b1 = Float(b1 / a0)
        self.b2 = Float(b2 / a0)
        self.a1 = Float(a1 / a0)
        self.a2 = Float(a2 / a0)
    }

    private static func angle(_ frequency: Float, _ sampleRate: Float) -> (cos: Double, sin: Double) {
        let w = 2 * Double.pi * Double(min(frequency, 0.45 * sampleRate)) / Double(sampleRate)
        return (cos(w), sin(w))
    }

    static func lowPass(cutoff: Float, q: Float = 0.707, sampleRate: Float) -> Biquad {
        let (c, s) = angle(cutoff, sampleRate)
        let alpha = s / (2 * Double(q))
        return Biquad(b0: (1 - c) / 2, b1: 1 - c, b2: (1 - c) / 2, a0: 1 + alpha, a1: -2 * c, a2: 1 - alpha)
    }

    static func highPass(cutoff: Float, q: Float = 0.707, sampleRate: Float) -> Biquad {
        let (c, s) = angle(cutoff, sampleRate)
        let alpha = s / (2 * Double(q))
        return Biquad(b0: (1 + c) / 2, b1: -(1 + c), b2: (1 + c) / 2, a0: 1 + alpha, a1: -2 * c, a2: 1 - alpha)
    }

    /// Unity gain at the centre frequency.
    static func bandPass(center: Float, q: Float, sampleRate: Float) -> Biquad {
        let (c, s) = angle(center, sampleRate)
        let alpha = s / (2 * Double(q))
        return Biquad(b0: alpha, b1: 0, b2: -alpha, a0: 1 + alpha, a1: -2 * c, a2: 1 - alpha)
    }

    mutating func process(_ input: Float) -> Float {
        let output = b0 * input + z1
        z1 = b1 * input - a1 * output + z2
        z2 = b2 * input - a2 * output
        return output
    }
}
