import Foundation

/// Ocean waves: deep noise that swells and breaks every eight to twelve seconds, its low-pass opening on each crest,
/// followed by the hiss of the wash running back.
enum WavesVoice {
    static let targetRMS: Float = 0.1  // −20 dBFS

    /// Two trains of swells, each completing whole cycles in the loop.
    struct Swell {
        let main: (cycles: Double, offset: Double)
        let second: (cycles: Double, offset: Double)

        init(loopSeconds: Double, generator: inout NoiseGenerator) {
            let mainCycles = max(1, (loopSeconds / 10).rounded())
            var secondCycles = max(1, (loopSeconds / 7).rounded())
            if secondCycles == mainCycles { secondCycles += 1 }
            main = (mainCycles, Double(generator.unit()))
            second = (secondCycles, Double(generator.unit()))
        }

        /// 0…1: a slow rise, the break a little before mid-cycle, then a long retreat.
        static func shape(_ phase: Double) -> Double {
            let cycle = phase - phase.rounded(.down)
            let s = sin(.pi * pow(cycle, 0.75))
            return s * s
        }

        /// The sea's level at `phase` of the loop, shifted back by `lag` of the main period.
        func level(at phase: Double, lag: Double = 0) -> Float {
            let first = Self.shape(main.cycles * phase + main.offset - lag)
            let other = Self.shape(second.cycles * phase + second.offset - lag * second.cycles / main.cycles)
            return Float((first + 0.5 * other) / 1.5)
        }
    }

    struct Bed: BedVoice {
        /// The sea's loudness, 0…1.
        let level: ControlCurve
        /// The wash trailing the break, 0…1.
        let wash: ControlCurve
        /// The low-pass coefficient: 300 Hz in the troughs, opening to about 4.3 kHz on the crests.
        let opening: ControlCurve
        var brown: BrownNoise
        var pink = PinkNoise()
        var foamNoise = PinkNoise()
        var body = OnePole(cutoff: 400, sampleRate: 1)
        var bodyBelow = OnePole(cutoff: 400, sampleRate: 1)
        var subCut: Biquad
        var foamLowCut: Biquad
        var foamHighCut: Biquad

        init(sampleRate: Float, loopLength: Int, swell: Swell) {
            level = ControlCurve(loopLength: loopLength) { swell.level(at: $0) }
            wash = ControlCurve(loopLength: loopLength) { pow(swell.level(at: $0, lag: 0.08), 2) }
            opening = ControlCurve(loopLength: loopLength) {
                let level = swell.level(at: $0)
                return OnePole.coefficient(cutoff: 300 + 4_000 * level * level, sampleRate: sampleRate)
            }
            brown = BrownNoise(corner: 30, sampleRate: sampleRate)
            subCut = .highPass(cutoff: 90, sampleRate: sampleRate)
            foamLowCut = .highPass(cutoff: 1_200, sampleRate: sampleRate)
            foamHighCut = .lowPass(cutoff: 7_500, sampleRate: sampleRate)
        }

        mutating func next(phase: Double, generator: inout NoiseGenerator) -> Float {
            let coefficient = opening.value(at: phase)
            body.setCoefficient(coefficient)
            bodyBelow.setCoefficient(coefficient)
            let source = 1.6 * brown.next(&generator) + 0.5 * pink.next(&generator)
            let roar = subCut.process(bodyBelow.lowPass(body.lowPass(source)))
            let foam = foamHighCut.process(foamLowCut.process(foamNoise.next(&generator)))
            return (0.12 + 0.88 * level.value(at: phase)) * roar + 0.45 * wash.value(at: phase) * foam
        }
    }

    static func render(into canvas: inout LoopCanvas, generator: inout NoiseGenerator) {
        let swell = Swell(loopSeconds: Double(canvas.length) / Double(canvas.sampleRate), generator: &generator)
        var bed = Bed(sampleRate: canvas.sampleRate, loopLength: canvas.length, swell: swell)
        canvas.addBed(&bed, gain: 1, generator: &generator)
    }
}
