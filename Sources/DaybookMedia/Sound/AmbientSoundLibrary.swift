import DaybookCore
import Foundation

/// The ambient loops as WAV files in a cache folder: each is synthesised the first time it is asked for and read
/// from disk afterwards.
public struct AmbientSoundLibrary: Sendable {
    /// The synthesis version, part of every file name: bump it whenever the sound changes, so old files are not
    /// served.
    public static let version = "v1"

    /// Why a sound has no file.
    public enum Failure: Error, Equatable {
        /// `.none` is silence and has no file.
        case noSound
    }

    /// The cache folder.
    public let directory: URL
    /// How the loops are made.
    public let synthesizer: AmbientSynthesizer

    /// - Parameters:
    ///   - directory: the cache folder, e.g. `<data>/cache/sounds`; created when needed.
    ///   - synthesizer: how the loops are made.
    public init(directory: URL, synthesizer: AmbientSynthesizer = AmbientSynthesizer()) {
        self.directory = directory
        self.synthesizer = synthesizer
    }

    /// The file name for `sound`, e.g. `rain-v1.wav`. It changes with the version and with any non-default
    /// synthesis setting, so it can serve as a permanent cache key (an ETag, an immutable URL).
    public func fileName(for sound: AmbientSound) -> String {
        var name = "\(sound.rawValue)-\(Self.version)"
        if synthesizer != AmbientSynthesizer() {
            name += "-\(synthesizer.sampleRate)hz-\(synthesizer.seconds)s-\(String(synthesizer.seed, radix: 16))"
        }
        return name + ".wav"
    }

    /// The WAV file for `sound`, written on the first call (to a temporary name, then renamed into place, so a
    /// reader never sees half a file).
    /// - Throws: ``Failure/noSound`` for `.none`; file-system errors if the folder cannot be written.
    public func file(for sound: AmbientSound) throws -> URL {
        guard sound != .none else { throw Failure.noSound }
        let url = directory.appendingPathComponent(fileName(for: sound))
        let files = FileManager.default
        if files.fileExists(atPath: url.path) { return url }
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
        let wav = WAVEncoder.encode(synthesizer.samples(for: sound), sampleRate: synthesizer.sampleRate)
        let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp")
        try wav.write(to: temporary)
        do {
            try files.moveItem(at: temporary, to: url)
        } catch {
            // Another caller got there first with the same bytes.
            try? files.removeItem(at: temporary)
            guard files.fileExists(atPath: url.path) else { throw error }
        }
        return url
    }

    /// The bytes of ``file(for:)``.
    /// - Throws: as ``file(for:)``, or if the file cannot be read.
    public func data(for sound: AmbientSound) throws -> Data {
        try Data(contentsOf: file(for: sound))
    }
}
