import Foundation

/// Writes samples as a 16-bit PCM mono RIFF/WAVE file.
public enum WAVEncoder {
    /// - Parameters:
    ///   - samples: values in -1…1; anything outside is clamped.
    ///   - sampleRate: samples per second, written into the header.
    /// - Returns: the complete file: a 44-byte header, then the samples little-endian.
    public static func encode(_ samples: [Float], sampleRate: Int) -> Data {
        let dataSize = UInt32(samples.count * 2)
        var file = Data(capacity: 44 + samples.count * 2)
        file.append(contentsOf: Array("RIFF".utf8))
        file.appendLittleEndian(36 + dataSize)
        file.append(contentsOf: Array("WAVE".utf8))
        file.append(contentsOf: Array("fmt ".utf8))
        file.appendLittleEndian(UInt32(16))  // fmt chunk size
        file.appendLittleEndian(UInt16(1))  // PCM
        file.appendLittleEndian(UInt16(1))  // mono
        file.appendLittleEndian(UInt32(sampleRate))
        file.appendLittleEndian(UInt32(sampleRate * 2))  // bytes per second
        file.appendLittleEndian(UInt16(2))  // bytes per frame
        file.appendLittleEndian(UInt16(16))  // bits per sample
        file.append(contentsOf: Array("data".utf8))
        file.appendLittleEndian(dataSize)
        var pcm = [UInt8](repeating: 0, count: samples.count * 2)
        for (index, sample) in samples.enumerated() {
            let value = UInt16(bitPattern: Int16((max(-1, min(1, sample)) * 32_767).rounded()))
            pcm[2 * index] = UInt8(truncatingIfNeeded: value)
            pcm[2 * index + 1] = UInt8(truncatingIfNeeded: value >> 8)
        }
        file.append(contentsOf: pcm)
        return file
    }
}

extension Data {
    fileprivate mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
