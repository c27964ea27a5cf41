import Foundation

/// The peers whose word on the client's address is believed: a TLS proxy in front of Daybook passes the phone's
/// address on in `X-Forwarded-For` or `Forwarded`, and anyone else could write anything there.
///
/// Only the one header the proxy writes is read: a client can send the other one too, and the proxy passes it on
/// untouched.
public struct TrustedProxies: Sendable, Equatable {
    /// The header the proxies write the client's address into.
    public enum Header: String, Sendable, Equatable, CaseIterable {
        /// `X-Forwarded-For: client, proxy1` (Caddy, nginx, `tailscale serve`): the default.
        case xForwardedFor = "x-forwarded-for"
        /// RFC 7239's `Forwarded: for=client`.
        case forwarded

        /// `x-forwarded-for` or `forwarded`, in any letter case.
        public init?(named name: String) {
            self.init(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
        }
    }

    /// The header read; the other is ignored.
    public var header: Header = .xForwardedFor
    /// IPv4 networks as (address, prefix length); single addresses have 32.
    private var networks: [(address: UInt32, bits: Int)]
    /// IPv6 (or any other) addresses, compared as written in lower case.
    private var exact: Set<String>
    private var loopback: Bool

    /// This machine only: Caddy or `tailscale serve` on the same computer.
    public static let loopback = TrustedProxies(networks: [], exact: [], loopback: true)

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notAnAddress(String)
        case unknownHeader(String)

        public var description: String {
            switch self {
            case .notAnAddress(let given):
                "A trusted proxy is an IP address or an IPv4 network such as 192.168.1.0/24, not \(given)."
            case .unknownHeader(let given):
                "The forwarded header is x-forwarded-for (the default) or forwarded, not \(given)."
            }
        }
    }

    /// Loopback and `given`, each an IP address or an IPv4 network (`10.0.0.0/8`), whose `header` is believed.
    public init(loopbackAnd given: [String], header: Header = .xForwardedFor) throws(Problem) {
        self = .loopback
        self.header = header
        for item in given.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) })
        where !item.isEmpty {
            let parts = item.split(separator: "/", maxSplits: 1).map(String.init)
            if let address = Self.ipv4(parts[0]) {
                let bits = parts.count == 2 ? Int(parts[1]) : 32
                guard let bits, (0...32).contains(bits) else { throw .notAnAddress(item) }
                networks.append((address, bits))
            } else if parts.count == 1, parts[0].contains(":"),
                parts[0].allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." })
            {
                exact.insert(parts[0].lowercased())
            } else {
                throw .notAnAddress(item)
            }
        }
    }

    private init(networks: [(address: UInt32, bits: Int)], exact: Set<String>, loopback: Bool) {
        self.networks = networks
        self.exact = exact
        self.loopback = loopback
    }

    public static func == (lhs: TrustedProxies, rhs: TrustedProxies) -> Bool {
        lhs.loopback == rhs.loopback && lhs.exact == rhs.exact && lhs.header == rhs.header
            && lhs.networks.map(\.address) == rhs.networks.map(\.address)
            && lhs.networks.map(\.bits) == rhs.networks.map(\.bits)
    }

    /// Whether a connection from `peer` comes from one of these proxies.
    public func contains(_ peer: String) -> Bool {
        let bare = Self.unmapped(peer.lowercased())
        if loopback, AppConfiguration.isLoopback(host: bare) { return true }
        if exact.contains(bare) { return true }
        guard let address = Self.ipv4(bare) else { return false }
        return networks.contains { network in
            let mask: UInt32 = network.bits == 0 ? 0 : ~UInt32(0) << (32 - network.bits)
            return address & mask == network.address & mask
        }
    }

    /// The client's address for a request from `peer`: the right-most address that is not a proxy itself in the
    /// header the proxies write (`header`), else the peer's own.
    ///
    /// Whatever stands left of the client's address is the client's own writing and is never read. When the first
    /// entry that is not a proxy is not an address (`unknown`, an obfuscated `_name`, garbage), the client is not
    /// known: the request counts as the proxy's own, never as a key the client could choose.
    public func client(peer: String?, forwardedFor: String?, forwarded: String?) -> String? {
        guard let peer, contains(peer) else { return peer }
        let named: [String]
        switch header {
        case .xForwardedFor:
            guard let forwardedFor else { return peer }
            named = forwardedFor.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        case .forwarded:
            guard let forwarded else { return peer }
            named = Self.forElements(forwarded)
        }
        for entry in named.reversed() {
            let address = Self.bareAddress(entry)
            guard !address.isEmpty else { return peer }
            if !contains(address) { return address }
        }
        // Every hop is a proxy of ours: the client is the first of them.
        return named.first.map(Self.bareAddress).flatMap { $0.isEmpty ? nil : $0 } ?? peer
    }

    /// The `for=` values of RFC 7239's `Forwarded`, in order.
    /// An element without one reads as "" (not an address).
    package static func forElements(_ header: String) -> [String] {
        header.split(separator: ",", omittingEmptySubsequences: false).map { element in
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "for" else {
                    continue
                }
                return parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
            }
            return ""
        }
    }

    /// `[2001:db8::1]:4711` → `2001:db8::1`, `192.0.2.60:80` → `192.0.2.60`; anything odd → "".
    package static func bareAddress(_ value: String) -> String {
        var text = value.lowercased()
        if text.hasPrefix("[") {
            guard let end = text.firstIndex(of: "]") else { return "" }
            text = String(text[text.index(after: text.startIndex)..<end])
        } else if text.filter({ $0 == ":" }).count == 1 {
            text = String(text.split(separator: ":")[0])
        }
        guard text.count <= 45, text.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return "" }
        return unmapped(text)
    }

    /// `::ffff:192.0.2.1` → `192.0.2.1`.
    private static func unmapped(_ address: String) -> String {
        address.hasPrefix("::ffff:") && ipv4(String(address.dropFirst(7))) != nil
            ? String(address.dropFirst(7)) : address
    }

    private static func ipv4(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard part.count <= 3, let byte = UInt8(part) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        return value
    }
}
