import ArgumentParser
import DaybookCore
import DaybookMedia
import Foundation

/// `daybook sounds`: the ambient loops, and how well they are made.
struct SoundsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sounds",
        abstract: "List the ambient loops; with --measure, how fast they are made and how clean their loop point is.")

    @Flag(help: "Synthesize every loop and print speed (times real time), level, peak and the loop join.")
    var measure = false

    @Option(help: "Seconds of audio per loop when measuring (5–120).") var seconds = 20

    func validate() throws {
        guard (5...120).contains(seconds) else { throw ValidationError("--seconds must be from 5 to 120.") }
    }

    func run() throws {
        guard measure else {
            for sound in AmbientSynthesizer.sounds { print(sound.rawValue) }
            return
        }
        let synthesizer = AmbientSynthesizer(seconds: seconds)
        print("loop          speed      RMS        peak   join (dBFS)")
        for (sound, speed) in SynthesisBenchmark.run(seconds: seconds) {
            let metrics = LoopMetrics(samples: synthesizer.samples(for: sound), sampleRate: synthesizer.sampleRate)
            let name = sound.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
            print(
                name
                    + String(
                        format: "%6.0f×  %6.1f dBFS  %5.2f  %7.1f", speed, metrics.rmsDecibels, metrics.peak,
                        metrics.joinDecibels))
        }
        print("(\(seconds) s loops at \(synthesizer.sampleRate) Hz; speed is the best of three runs)")
    }
}
