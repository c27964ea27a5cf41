import Foundation

/// Rain: a wide band of pink noise, a soft low rumble, and many small drops — ticks on leaves and bubbly plinks.
enum RainVoice {
    static let targetRMS: Float = 0.1  // −20 dBFS

    struct Bed: BedVoice {
        var pink = PinkNoise()
        var brown: BrownNoise
        var lowCut: Biquad
        var highCut: Biquad
        var rumble: Biquad
        /// Slow changes in intensity, whole cycles per loop.
        let intensity: ControlCurve

        init(sampleRate: Float, loopLength: Int, generator: inout NoiseGenerator) {
            brown = BrownNoise(corner: 20, sampleRate: sampleRate)
            lowCut = .highPass(cutoff: 500, sampleRate: sampleRate)
            highCut = .lowPass(cutoff: 7_000, q: 0.6, sampleRate: sampleRate)
            rumble = .lowPass(cutoff: 160, sampleRate: sampleRate)
            let loopSeconds = Double(loopLength) / Double(sampleRate)
            let swells = [loopSeconds / 9, loopSeconds / 4].map { period in
                (cycles: max(1, period.rounded()), offset: Double(generator.unit()))
            }
            intensity = ControlCurve(loopLength: loopLength) { phase in
                swells.reduce(1) { level, swell in
                    level + 0.08 * Float(sin(2 * .pi * (swell.cycles * phase + swell.offset)))
                }
            }
        }

        mutating func next(phase: Double, generator: inout NoiseGenerator) -> Float {
            let hiss = highCut.process(lowCut.process(pink.next(&generator)))
            return intensity.value(at: phase) * hiss + 0.4 * rumble.process(brown.next(&generator))
        }
    }

    static func render(into canvas: inout LoopCanvas, generator: inout NoiseGenerator) {
        var bed = Bed(sampleRate: canvas.sampleRate, loopLength: canvas.length, generator: &generator)
        canvas.addBed(&bed, gain: 1, generator: &generator)
        addTicks(to: &canvas, generator: &generator)
        addPlinks(to: &canvas, generator: &generator)
    }

    /// Drops on leaves and stone: bright noise clicks a few milliseconds long, mostly faint, some near.
    private static func addTicks(to canvas: inout LoopCanvas, generator: inout NoiseGenerator) {
        for start in canvas.eventStarts(rate: 70, generator: &generator) {
            let amplitude = 0.05 + 0.45 * pow(generator.unit(), 3)
            let decay = exp(-1 / (canvas.sampleRate * generator.uniform(0.0006...0.002)))
            var envelope = amplitude
            var previous: Float = 0
            canvas.addEvent(at: start, duration: canvas.count(0.012)) { _ in
                let white = generator.bipolar()
                defer {
                    previous = white
                    envelope *= decay
                }
                return envelope * (white - previous)
            }
        }
    }

    /// Drops into puddles: a short sine whose pitch rises as the bubble closes.
    private static func addPlinks(to canvas: inout LoopCanvas, generator: inout NoiseGenerator) {
        let sampleRate = canvas.sampleRate
        let ceiling = 0.4 * sampleRate
        for start in canvas.eventStarts(rate: 5, generator: &generator) {
            let amplitude = generator.uniform(0.03...0.12)
            let pitch = min(generator.uniform(1_400...3_800), ceiling / 1.4)
            let seconds = generator.uniform(0.004...0.009)
            let duration = canvas.count(seconds * 5)
            var phase: Float = 0
            canvas.addEvent(at: start, duration: duration) { offset in
                let t = Float(offset) / sampleRate
                let frequency = pitch * (1 + 0.4 * t / (seconds * 5))
                phase += 2 * .pi * frequency / sampleRate
                let attack = min(1, Float(offset) / 12)
                return amplitude * attack * exp(-t / seconds) * sin(phase)
            }
        }
    }
}
