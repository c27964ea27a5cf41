import Foundation

/// A fireplace: the low roar of the flames, flickering, with clusters of crackles and the occasional pop.
enum FireplaceVoice {
    static let targetRMS: Float = 0.089  // −21 dBFS

    struct Bed: BedVoice {
        /// The flames' slow flicker, whole cycles per loop.
        let flicker: ControlCurve
        var brown: BrownNoise
        var pink = PinkNoise()
        var roar: Biquad
        var subCut: Biquad
        var hiss: Biquad

        init(sampleRate: Float, loopLength: Int, generator: inout NoiseGenerator) {
            let loopSeconds = Double(loopLength) / Double(sampleRate)
            let wobbles = [0.3, 0.7, 1.3, 2.1].map { perSecond in
                (cycles: max(1, (loopSeconds * perSecond).rounded()), offset: Double(generator.unit()))
            }
            flicker = ControlCurve(loopLength: loopLength) { phase in
                wobbles.reduce(1) { level, wobble in
                    level + 0.12 * Float(sin(2 * .pi * (wobble.cycles * phase + wobble.offset)))
                }
            }
            brown = BrownNoise(corner: 60, sampleRate: sampleRate)
            roar = .lowPass(cutoff: 450, sampleRate: sampleRate)
            subCut = .highPass(cutoff: 90, sampleRate: sampleRate)
            hiss = .bandPass(center: 1_200, q: 0.7, sampleRate: sampleRate)
        }

        mutating func next(phase: Double, generator: inout NoiseGenerator) -> Float {
            let flames =
                subCut.process(roar.process(brown.next(&generator))) + 0.25 * hiss.process(pink.next(&generator))
            return flicker.value(at: phase) * flames
        }
    }

    static func render(into canvas: inout LoopCanvas, generator: inout NoiseGenerator) {
        var bed = Bed(sampleRate: canvas.sampleRate, loopLength: canvas.length, generator: &generator)
        canvas.addBed(&bed, gain: 1, generator: &generator)
        var crackles = canvas.eventStarts(rate: 8, generator: &generator)
        for clusterStart in canvas.eventStarts(rate: 1.5, generator: &generator) {
            var time = clusterStart
            for _ in 0..<generator.integer(3...10) {
                crackles.append(time)
                time += canvas.count(generator.exponential(mean: 0.02))
            }
        }
        for start in crackles {
            addCrackle(at: start, to: &canvas, generator: &generator)
        }
        for start in canvas.eventStarts(rate: 0.3, generator: &generator) {
            addPop(at: start, to: &canvas, generator: &generator)
        }
    }

    /// A very short bright burst of noise with a fast decay.
    private static func addCrackle(at start: Int, to canvas: inout LoopCanvas, generator: inout NoiseGenerator) {
        var envelope = 0.1 + 0.7 * pow(generator.unit(), 2.5)
        let decay = exp(-1 / (canvas.sampleRate * generator.uniform(0.0002...0.001)))
        var previous: Float = 0
        canvas.addEvent(at: start, duration: canvas.count(0.006)) { _ in
            let white = generator.bipolar()
            defer {
                previous = white
                envelope *= decay
            }
            return envelope * (white - previous)
        }
    }

    /// A louder snap with a short woody ring under it.
    private static func addPop(at start: Int, to canvas: inout LoopCanvas, generator: inout NoiseGenerator) {
        let sampleRate = canvas.sampleRate
        let loudness = generator.uniform(0.5...1)
        let snapDecay = exp(-1 / (sampleRate * 0.002))
        let ring = generator.uniform(180...600)
        let ringSeconds = generator.uniform(0.012...0.025)
        var snap = loudness * 0.7
        canvas.addEvent(at: start, duration: canvas.count(0.12)) { offset in
            let t = Float(offset) / sampleRate
            snap *= snapDecay
            return snap * generator.bipolar() + loudness * 0.35 * exp(-t / ringSeconds) * sin(2 * .pi * ring * t)
        }
    }
}
