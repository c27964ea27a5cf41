import Foundation

/// A continuous background texture: each call returns the next sample.
protocol BedVoice {
    /// - Parameter phase: the position in the loop, `0..<1`; modulators driven by it must complete whole cycles
    ///   so that the bed repeats exactly.
    mutating func next(phase: Double, generator: inout NoiseGenerator) -> Float
}

/// One loop being built. Seamless by construction: the bed is rendered a fade longer than the loop, with every
/// filter running continuously, and the extra tail is crossfaded over the head; events wrap around the end.
struct LoopCanvas {
    let sampleRate: Float
    let length: Int
    private(set) var samples: [Float]
    private let fadeLength: Int
    private let warmUpLength: Int

    init(sampleRate: Int, length: Int) {
        self.sampleRate = Float(sampleRate)
        self.length = length
        samples = [Float](repeating: 0, count: length)
        fadeLength = min(sampleRate, length / 4)
        warmUpLength = sampleRate / 2
    }

    /// Number of samples in `seconds`, at least one.
    func count(_ seconds: Float) -> Int {
        max(1, Int(seconds * sampleRate))
    }

    /// Mixes a continuous bed into the loop.
    mutating func addBed<Voice: BedVoice>(_ voice: inout Voice, gain: Float, generator: inout NoiseGenerator) {
        let step = 1 / Double(length)
        // Let the filters settle before anything is kept.
        for index in 0..<warmUpLength {
            let position = (length - warmUpLength % length + index) % length
            _ = voice.next(phase: Double(position) * step, generator: &generator)
        }
        var bed = [Float](repeating: 0, count: length + fadeLength)
        for index in bed.indices {
            let position = index < length ? index : index - length
            bed[index] = gain * voice.next(phase: Double(position) * step, generator: &generator)
        }
        // Equal-power fold: at the head the tail carries on from the loop's last sample; by the end of the fade the
        // head's own signal has taken over.
        for index in 0..<fadeLength {
            let angle = Float.pi / 2 * Float(index) / Float(fadeLength)
            bed[index] = bed[index] * sin(angle) + bed[length + index] * cos(angle)
        }
        for index in 0..<length {
            samples[index] += bed[index]
        }
    }

    /// Adds a short sound starting at `start` (any position; it wraps around the loop end, so nothing is cut).
    /// - Parameter sample: the event's value at each offset `0..<duration`.
    mutating func addEvent(at start: Int, duration: Int, _ sample: (Int) -> Float) {
        var index = ((start % length) + length) % length
        for offset in 0..<min(duration, length) {
            samples[index] += sample(offset)
            index += 1
            if index == length { index = 0 }
        }
    }

    /// Random start positions of a Poisson process with `rate` events per second across the loop.
    func eventStarts(rate: Float, generator: inout NoiseGenerator) -> [Int] {
        var starts: [Int] = []
        var time = generator.exponential(mean: 1 / rate)
        let loopSeconds = Float(length) / sampleRate
        while time < loopSeconds {
            starts.append(Int(time * sampleRate))
            time += generator.exponential(mean: 1 / rate)
        }
        return starts
    }

    /// The finished loop: DC removed, scaled to `targetRMS` (never above `peakLimit`), and turned so that it starts
    /// where the step between neighbouring samples is smallest — the join is then the gentlest step in the loop.
    func finished(targetRMS: Float, peakLimit: Float = 0.89) -> [Float] {
        let mean = Float(samples.reduce(0.0) { $0 + Double($1) } / Double(length))
        var output = samples.map { $0 - mean }
        let energy = output.reduce(0.0) { $0 + Double($1) * Double($1) }
        let rms = Float((energy / Double(length)).squareRoot())
        let peak = output.reduce(0) { max($0, abs($1)) }
        guard rms > 0 else { return output }
        let scale = min(targetRMS / rms, peakLimit / peak)
        for index in output.indices {
            output[index] *= scale
        }
        let start = Self.gentlestJoin(in: output)
        return Array(output[start...] + output[..<start])
    }

    /// The index whose step from its (circular) predecessor is the smallest.
    private static func gentlestJoin(in loop: [Float]) -> Int {
        var start = 0
        var smallestStep = abs(loop[0] - loop[loop.count - 1])
        for index in loop.indices.dropFirst() where abs(loop[index] - loop[index - 1]) < smallestStep {
            smallestStep = abs(loop[index] - loop[index - 1])
            start = index
        }
        return start
    }
}
