import DaybookCore
import Foundation
import Testing

@testable import DaybookMedia

@Suite("Ambient sound loops")
struct AmbientSoundTests {
    static let synthesizer = AmbientSynthesizer(sampleRate: 22_050, seconds: 4)
    /// Every loop once, shared by the tests that only measure it.
    static let loops = Dictionary(
        uniqueKeysWithValues: AmbientSynthesizer.sounds.map { ($0, synthesizer.samples(for: $0)) })

    static func metrics(_ sound: AmbientSound) -> LoopMetrics {
        LoopMetrics(samples: loops[sound]!, sampleRate: synthesizer.sampleRate)
    }

    @Test("the same settings give the same samples; another seed gives others", arguments: AmbientSynthesizer.sounds)
    func deterministic(sound: AmbientSound) {
        // Given two synthesisers with the same settings and one with another seed
        let settings = AmbientSynthesizer(sampleRate: 11_025, seconds: 4)
        let again = AmbientSynthesizer(sampleRate: 11_025, seconds: 4)
        let reseeded = AmbientSynthesizer(sampleRate: 11_025, seconds: 4, seed: 42)
        // When each makes the loop
        let samples = settings.samples(for: sound)
        // Then the first two agree sample for sample and the third does not
        #expect(samples == again.samples(for: sound))
        #expect(samples != reseeded.samples(for: sound))
        #expect(samples.count == 11_025 * 4)
    }

    // Measured at 22 050 Hz × 4 s (RMS dBFS, peak, join dBFS, 99.9th-percentile in-loop step dBFS):
    //   rain         −20.0  0.46  −157  −11.0
    //   birdsong     −24.0  0.33  −151  −11.6
    //   waves        −20.0  0.55  −135  −18.2
    //   brown-noise  −20.0  0.39  −240  −30.5   (the join is an exact repeat)
    //   fireplace    −21.0  0.44  −139  −13.8
    @Test("every loop is calm but audible and never clips", arguments: AmbientSynthesizer.sounds)
    func loudness(sound: AmbientSound) {
        let metrics = Self.metrics(sound)
        #expect(Self.loops[sound]!.count == 22_050 * 4)
        #expect(metrics.rmsDecibels > -30 && metrics.rmsDecibels < -12)
        #expect(metrics.peak <= 0.9)
    }

    @Test("every loop's join is the gentlest step in it and below −60 dBFS", arguments: AmbientSynthesizer.sounds)
    func seamless(sound: AmbientSound) {
        let loop = Self.loops[sound]!
        let join = abs(loop[loop.count - 1] - loop[0])
        let gentlestInside = zip(loop.dropFirst(), loop).map { abs($0 - $1) }.min()!
        #expect(Self.metrics(sound).joinDecibels < -60)
        #expect(join <= gentlestInside)
    }

    @Test("the fold makes the join an ordinary step even before the loop is turned")
    func foldIsContinuous() {
        // Given a bright bed folded into a two-second loop
        var canvas = LoopCanvas(sampleRate: 11_025, length: 22_050)
        var generator = NoiseGenerator(seed: 7)
        var bed = RainVoice.Bed(sampleRate: 11_025, loopLength: 22_050, generator: &generator)
        canvas.addBed(&bed, gain: 1, generator: &generator)
        // When the step across the end is measured on the raw fold
        let metrics = LoopMetrics(samples: canvas.samples, sampleRate: 11_025)
        // Then it is no larger than the in-loop steps' 99.9th percentile
        #expect(metrics.joinDecibels <= metrics.stepPercentileDecibels)
    }

    // Brightness (power-weighted RMS frequency) at 22 050 Hz × 4 s: brown noise 477 Hz, fireplace 752 Hz,
    // waves 1 035 Hz, rain 2 526 Hz, birdsong 3 401 Hz.
    @Test("the sounds differ: brown noise is the darkest, birdsong the brightest")
    func soundsDiffer() {
        let brightness = Dictionary(
            uniqueKeysWithValues: AmbientSynthesizer.sounds.map { ($0, Self.metrics($0).brightness) })
        let others = AmbientSynthesizer.sounds.filter { $0 != .brownNoise && $0 != .birdsong }
        for sound in others {
            #expect(brightness[.brownNoise]! * 1.3 < brightness[sound]!, "\(sound)")
            #expect(brightness[sound]! * 1.3 < brightness[.birdsong]!, "\(sound)")
        }
        #expect(Set(brightness.values.map { Int($0 / 100) }).count == 5)
    }

    @Test("silence has no samples")
    func noneIsSilent() {
        #expect(Self.synthesizer.samples(for: .none).isEmpty)
    }
}

@Suite("WAV files and the sound cache")
struct AmbientSoundFileTests {
    static func uint32(_ data: Data, at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(data[data.startIndex + offset + $1]) << (8 * $1) }
    }

    static func uint16(_ data: Data, at offset: Int) -> UInt16 {
        UInt16(data[data.startIndex + offset]) | UInt16(data[data.startIndex + offset + 1]) << 8
    }

    static func text(_ data: Data, at offset: Int) -> String {
        String(decoding: data[(data.startIndex + offset)..<(data.startIndex + offset + 4)], as: UTF8.self)
    }

    @Test("the header describes 16-bit mono PCM at the sample rate and samples are clamped")
    func header() {
        // Given five samples, one out of range
        let wav = WAVEncoder.encode([0, 1, -1, 0.5, 2], sampleRate: 8_000)
        // Then the file is a 44-byte header and ten bytes of little-endian samples
        #expect(wav.count == 54)
        #expect(Self.text(wav, at: 0) == "RIFF" && Self.uint32(wav, at: 4) == 46)
        #expect(Self.text(wav, at: 8) == "WAVE" && Self.text(wav, at: 12) == "fmt ")
        #expect(Self.uint32(wav, at: 16) == 16 && Self.uint16(wav, at: 20) == 1 && Self.uint16(wav, at: 22) == 1)
        #expect(Self.uint32(wav, at: 24) == 8_000 && Self.uint32(wav, at: 28) == 16_000)
        #expect(Self.uint16(wav, at: 32) == 2 && Self.uint16(wav, at: 34) == 16)
        #expect(Self.text(wav, at: 36) == "data" && Self.uint32(wav, at: 40) == 10)
        let pcm = (0..<5).map { Int16(bitPattern: Self.uint16(wav, at: 44 + 2 * $0)) }
        #expect(pcm == [0, 32_767, -32_767, 16_384, 32_767])
    }

    @Test("the library writes each loop once, then serves the same file")
    func libraryCaches() throws {
        // Given an empty cache folder
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "daybook-sounds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let synthesizer = AmbientSynthesizer(sampleRate: 8_000, seconds: 2)
        let library = AmbientSoundLibrary(
            directory: folder.appendingPathComponent("cache/sounds"), synthesizer: synthesizer)
        // When rain is asked for twice
        let first = try library.file(for: .rain)
        let written = try FileManager.default.attributesOfItem(atPath: first.path)
        let second = try library.file(for: .rain)
        let reread = try FileManager.default.attributesOfItem(atPath: second.path)
        // Then the second call finds the first file untouched
        #expect(first == second)
        #expect(first.lastPathComponent.hasPrefix("rain-\(AmbientSoundLibrary.version)"))
        #expect(written[.systemFileNumber] as? Int == reread[.systemFileNumber] as? Int)
        #expect(written[.modificationDate] as? Date == reread[.modificationDate] as? Date)
        // And the file holds the whole loop and nothing else is left in the folder
        let wav = try Data(contentsOf: first)
        #expect(Self.uint32(wav, at: 40) == 2 * 16_000 && wav.count == 44 + 2 * 16_000)
        #expect(wav == WAVEncoder.encode(synthesizer.samples(for: .rain), sampleRate: 8_000))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: library.directory.path) == [first.lastPathComponent])
        #expect(throws: AmbientSoundLibrary.Failure.noSound) { try library.file(for: .none) }
    }

    @Test("files are named by sound and version, plus any non-default setting")
    func defaultNames() {
        let library = AmbientSoundLibrary(directory: URL(fileURLWithPath: "/tmp"))
        #expect(library.fileName(for: .brownNoise) == "brown-noise-\(AmbientSoundLibrary.version).wav")
        let shortLoops = AmbientSoundLibrary(
            directory: URL(fileURLWithPath: "/tmp"), synthesizer: AmbientSynthesizer(seconds: 4))
        #expect(shortLoops.fileName(for: .rain) == "rain-\(AmbientSoundLibrary.version)-22050hz-4s-dab00c5.wav")
    }
}
