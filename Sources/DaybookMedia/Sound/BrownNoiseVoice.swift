/// Brown noise: leaky-integrated white noise with the sub-audible rumble taken out.
enum BrownNoiseVoice {
    static let targetRMS: Float = 0.1  // −20 dBFS

    struct Bed: BedVoice {
        var noise: BrownNoise
        var dcBlock: OnePole

        init(sampleRate: Float) {
            noise = BrownNoise(corner: 12, sampleRate: sampleRate)
            dcBlock = OnePole(cutoff: 20, sampleRate: sampleRate)
        }

        mutating func next(phase: Double, generator: inout NoiseGenerator) -> Float {
            dcBlock.highPass(noise.next(&generator))
        }
    }

    static func render(into canvas: inout LoopCanvas, generator: inout NoiseGenerator) {
        var bed = Bed(sampleRate: canvas.sampleRate)
        canvas.addBed(&bed, gain: 1, generator: &generator)
    }
}
