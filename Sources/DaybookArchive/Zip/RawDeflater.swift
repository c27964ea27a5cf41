import CDaybookZlib
import Foundation

/// Raw deflate (RFC 1951: no zlib or gzip wrapper around it), the compression of a ZIP entry of method 8, by zlib.
/// One zlib stream serves entry after entry: setting one up costs more than deflating a short entry.
final class RawDeflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private let output: UnsafeMutablePointer<Bytef>
    private static let outputSize = 64 * 1024
    /// zlib counts what it is given in 32 bits.
    private static let largestInput = 1 << 30

    init() throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = .allocate(capacity: Self.outputSize)
        let status = deflateInit2_(
            stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            output.deallocate()
            stream.deallocate()
            throw ZIP.Failure.compression(status)
        }
    }

    deinit {
        deflateEnd(stream)
        output.deallocate()
        stream.deallocate()
    }

    /// Deflates `input`, appending what zlib gives to `into`. With `finish`, the stream ends after `input` and the
    /// deflater is ready for the next one.
    func deflate(_ input: some ContiguousBytes, finish: Bool, into compressed: inout Data) throws {
        try input.withUnsafeBytes { buffer in
            var rest = buffer
            repeat {
                let count = min(rest.count, Self.largestInput)
                let last = count == rest.count
                stream.pointee.next_in = UnsafeMutablePointer(
                    mutating: rest.baseAddress?.assumingMemoryBound(to: Bytef.self))
                stream.pointee.avail_in = uInt(count)
                try run(finish && last, into: &compressed)
                rest = UnsafeRawBufferPointer(rebasing: rest[count...])
            } while !rest.isEmpty
        }
        if finish { deflateReset(stream) }
    }

    private func run(_ finish: Bool, into compressed: inout Data) throws {
        while true {
            stream.pointee.next_out = output
            stream.pointee.avail_out = uInt(Self.outputSize)
            let status = CDaybookZlib.deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
            // Without input to take, zlib says it made no progress; finishing, it always can.
            guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && !finish) else {
                throw ZIP.Failure.compression(status)
            }
            compressed.append(output, count: Self.outputSize - Int(stream.pointee.avail_out))
            if finish ? status == Z_STREAM_END : stream.pointee.avail_out != 0 { return }
        }
    }

    /// `input` deflated as a whole stream.
    func deflated(_ input: some ContiguousBytes) throws -> Data {
        var compressed = Data()
        try deflate(input, finish: true, into: &compressed)
        return compressed
    }
}
