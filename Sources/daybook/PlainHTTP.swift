import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One HTTP/1.1 exchange over a plain TCP socket, for `http://` servers (the usual case: Daybook on this
/// computer). A command makes one request and exits, so a blocking socket does all it needs; SwiftNIO's
/// event loops, channel pipeline and connection pool cost more to set up than the whole request takes.
/// `https://` servers go through AsyncHTTPClient.
struct PlainHTTP {
    struct Answer {
        var status: Int
        var body: Data
    }

    struct Failure: Error {}

    /// The server's name or address as `getaddrinfo` takes it (an IPv6 address without its brackets).
    let host: String
    let port: Int
    let seconds: Int
    /// `host:port` as the `Host` header writes it.
    private let authority: String

    init?(url: URL, seconds: Int) {
        guard url.scheme == "http", let host = url.host, !host.isEmpty else { return nil }
        self.init(
            host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: url.port ?? 80,
            seconds: seconds)
    }

    /// The server of a plain `http://host[:port][/]` address, read without Foundation's URL (whose first use
    /// costs a command more than its request); nil for anything else, such as a path or `https://`.
    init?(address: String, seconds: Int) {
        guard address.hasPrefix("http://") else { return nil }
        var rest = address.dropFirst(7)
        if rest.last == "/" { rest.removeLast() }
        var host = rest
        var port = 80
        if rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            host = rest.prefix { $0 != ":" }
            rest = rest[host.endIndex...]
            guard !host.isEmpty,
                host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
            else { return nil }
        }
        if !rest.isEmpty {
            let digits = rest.dropFirst()
            guard rest.first == ":", digits.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(digits),
                (1...65535).contains(number)
            else { return nil }
            port = number
        }
        self.init(host: String(host), port: port, seconds: seconds)
    }

    private init(host: String, port: Int, seconds: Int) {
        self.host = host
        self.port = port
        self.seconds = seconds
        self.authority = (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    /// Sends the request (`target` is the path with its query, already percent-encoded; `headers` are whole
    /// lines without their line ends) and its body, then reads the whole answer. `body` is called until it
    /// returns nil, so a file can be sent as it is read.
    func exchange(
        _ method: String, _ target: String, headers: [String], body: () throws -> Data?, largest: Int
    ) throws -> Answer {
        // Concatenated rather than joined: the generic `joined(separator:)` and `Data(_:)` look up conformances
        // at run time on first use, each a scan of every conformance in the program (about 0.1 ms).
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(authority)\r\n"
        for line in headers { head += line + "\r\n" }
        head += "Connection: close\r\n\r\n"
        let fd = try open()
        defer { close(fd) }
        try head.withUTF8 { try write(fd, UnsafeRawBufferPointer($0)) }
        while let chunk = try body(), !chunk.isEmpty {
            try chunk.withUnsafeBytes { try write(fd, $0) }
        }
        return try readAnswer(fd, largest: largest)
    }

    private func open() throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { throw Failure() }
        defer { freeaddrinfo(first) }
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, 0)
            guard fd >= 0 else { continue }
            var timeout = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var noDelay: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            if connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return fd }
            close(fd)
        }
        throw Failure()
    }

    private func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = send(fd, bytes.baseAddress! + offset, bytes.count - offset, Self.noSignal)
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { throw Failure() }
            offset += sent
        }
    }

    #if canImport(Glibc)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif

    /// Reads until the answer is whole: as many bytes as its head's `Content-Length` says, else until the
    /// server closes the connection (chunked or unsized answers). The head is parsed once, when it has arrived.
    private func readAnswer(_ fd: Int32, largest: Int) throws -> Answer {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var head: Head?
        while head?.wholeLength.map({ bytes.count < $0 }) ?? true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure() }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            guard bytes.count <= largest + 64 * 1024 else { throw Failure() }
            if head == nil { head = try Head(bytes) }
        }
        guard let head else { throw Failure() }
        return try head.answer(bytes)
    }

    /// The status line and headers of an answer, once all of them have arrived.
    struct Head {
        var status: Int
        var isChunked = false
        /// The `Content-Length` header's value, when it has one that is a number.
        var contentLength: Int?
        /// Where the body starts in the answer's bytes.
        var bodyStart: Int

        /// How many bytes the whole answer has, when the head says (`Content-Length`, not chunked).
        var wholeLength: Int? {
            guard !isChunked, let length = contentLength, length >= 0 else { return nil }
            return bodyStart + length
        }

        /// The status and body of the whole answer `bytes`: `Content-Length`, chunked, or everything after the
        /// head.
        func answer(_ bytes: [UInt8]) throws -> Answer {
            let rest = bytes[bodyStart...]
            if isChunked {
                return Answer(status: status, body: try PlainHTTP.unchunk(rest))
            }
            if let length = contentLength {
                guard length >= 0, rest.count >= length else { throw Failure() }
                return Answer(status: status, body: Data(rest.prefix(length)))
            }
            return Answer(status: status, body: Data(rest))
        }

        /// nil while the blank line that ends the head has not arrived.
        init?(_ bytes: [UInt8]) throws {
            guard let end = bytes.firstRange(of: [13, 10, 13, 10]) else { return nil }
            let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
            var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
            guard !lines.isEmpty else { throw Failure() }
            let statusLine = lines.removeFirst().split(separator: " ")
            guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
                throw Failure()
            }
            self.status = status
            self.bodyStart = end.upperBound
            // The two headers that say where the body ends, picked out as they come (no dictionary to build).
            for line in lines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                var value = line[line.index(after: colon)...]
                while let first = value.first, first == " " || first == "\t" { value.removeFirst() }
                while let last = value.last, last == " " || last == "\t" { value.removeLast() }
                switch line[..<colon].lowercased() {
                case "transfer-encoding": isChunked = value.lowercased().contains("chunked")
                case "content-length": contentLength = Int(value)
                default: break
                }
            }
        }
    }

    fileprivate static func unchunk(_ bytes: ArraySlice<UInt8>) throws -> Data {
        var body = Data()
        var index = bytes.startIndex
        let lineEnd: [UInt8] = [13, 10]
        while true {
            guard let end = bytes[index...].firstRange(of: lineEnd) else { throw Failure() }
            let sizeText = String(decoding: bytes[index..<end.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size >= 0 else {
                throw Failure()
            }
            index = end.upperBound
            if size == 0 { return body }
            guard bytes.endIndex - index >= size + 2 else { throw Failure() }
            body.append(contentsOf: bytes[index..<(index + size)])
            index += size + 2
        }
    }
}
