import Foundation

/// Birdsong: a faint airy bed with phrases from a few kinds of bird — whistles, trills, two-note calls and songs —
/// scattered at random times and pitches between about 2 and 6 kHz.
enum BirdsongVoice {
    static let targetRMS: Float = 0.063  // −24 dBFS

    struct Bed: BedVoice {
        var pink = PinkNoise()
        var lowCut: Biquad
        var highCut: Biquad

        init(sampleRate: Float) {
            lowCut = .highPass(cutoff: 900, sampleRate: sampleRate)
            highCut = .lowPass(cutoff: 6_000, sampleRate: sampleRate)
        }

        mutating func next(phase: Double, generator: inout NoiseGenerator) -> Float {
            highCut.process(lowCut.process(pink.next(&generator)))
        }
    }

    static func render(into canvas: inout LoopCanvas, generator: inout NoiseGenerator) {
        var bed = Bed(sampleRate: canvas.sampleRate)
        canvas.addBed(&bed, gain: 0.05, generator: &generator)
        for start in phraseStarts(in: canvas, generator: &generator) {
            let species = BirdSpecies.allCases[generator.integer(0...BirdSpecies.allCases.count - 1)]
            let distance = generator.uniform(0.3...1)
            for note in species.phrase(generator: &generator) {
                add(note, at: start, loudness: distance, to: &canvas)
            }
        }
    }

    /// Roughly one phrase every 1.3 seconds with some gaps, so the loop is never empty for long nor crowded.
    private static func phraseStarts(in canvas: LoopCanvas, generator: inout NoiseGenerator) -> [Int] {
        let interval: Float = 1.3
        let loopSeconds = Float(canvas.length) / canvas.sampleRate
        var starts: [Int] = []
        var time = generator.uniform(0...interval)
        while time < loopSeconds {
            if !generator.chance(0.15) { starts.append(canvas.count(time)) }
            time += interval * generator.uniform(0.6...1.4)
        }
        return starts
    }

    /// A sine that glides from one pitch to another with vibrato, a soft attack and a longer release. Notes that
    /// run past the loop end carry on at its start.
    private static func add(_ note: BirdNote, at phraseStart: Int, loudness: Float, to canvas: inout LoopCanvas) {
        let sampleRate = canvas.sampleRate
        let duration = canvas.count(note.duration)
        let ceiling = 0.42 * sampleRate
        let highest = max(note.from, note.to) * (1 + note.vibratoDepth)
        let overtone: Float = 2 * highest < 0.45 * sampleRate ? 0.12 : 0
        var phase: Float = 0
        canvas.addEvent(at: phraseStart + canvas.count(note.start), duration: duration) { offset in
            let progress = Float(offset) / Float(duration)
            let glide = note.from + (note.to - note.from) * progress * progress * (3 - 2 * progress)
            let vibrato = 1 + note.vibratoDepth * sin(2 * .pi * note.vibratoRate * Float(offset) / sampleRate)
            phase += 2 * .pi * min(glide * vibrato, ceiling) / sampleRate
            if phase > 2 * .pi { phase -= 2 * .pi }
            let envelope = Self.envelope(progress)
            return loudness * note.amplitude * envelope * (sin(phase) + overtone * sin(2 * phase))
        }
    }

    private static func envelope(_ progress: Float) -> Float {
        let attack: Float = 0.12
        let release: Float = 0.4
        if progress < attack {
            let s = sin(.pi / 2 * progress / attack)
            return s * s
        }
        if progress > 1 - release {
            let s = sin(.pi / 2 * (1 - progress) / release)
            return s * s
        }
        return 1
    }
}
