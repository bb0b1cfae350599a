import Foundation

/// Which requests `navgraph serve` answers, by their `Host` header.
///
/// A page on any web site can make a browser send requests to 127.0.0.1 by giving its own domain name a DNS record
/// that points there (DNS rebinding); the browser then treats the answers as that site's own and lets its script
/// read them. Such a request names the site's domain in its `Host` header. So only a `Host` that names the machine
/// by a loopback address or `localhost` is answered — or, when the server listens on another address (`--host`),
/// by an IP address: a rebinding site can only name itself by a domain name. Anything else is refused (421).
public struct HostCheck: Sendable, Equatable {
    /// The port the server listens on: a `Host` naming another port is refused too (a stale tab of another server).
    public var port: Int
    /// The server listens on loopback only (the default); otherwise on an address given with `--host`.
    public var loopbackOnly: Bool

    public init(port: Int, loopbackOnly: Bool = true) {
        self.port = port
        self.loopbackOnly = loopbackOnly
    }

    /// Whether a request with this `Host` header (`nil`: none) is answered.
    public func allows(host header: String?) -> Bool {
        guard let header, let (name, port) = Self.split(header) else { return false }
        if let port, port != self.port { return false }
        let lower = name.lowercased()
        if lower == "localhost" || lower == "localhost." || Self.isLoopback(lower) { return true }
        return !loopbackOnly && Self.isIPAddress(lower)
    }

    /// `name[:port]` or `[v6]:port`; `nil` when it is neither.
    static func split(_ header: String) -> (name: String, port: Int?)? {
        let header = header.trimmingCharacters(in: .whitespaces)
        guard !header.isEmpty else { return nil }
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return nil }
            let name = String(header[header.index(after: header.startIndex)..<close])
            let rest = header[header.index(after: close)...]
            if rest.isEmpty { return (name, nil) }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (0...65535).contains(port) else { return nil }
            return (name, port)
        }
        let parts = header.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return (header, nil)
        case 2:
            guard let port = Int(parts[1]), (0...65535).contains(port) else { return nil }
            return (String(parts[0]), port)
        default: return nil  // an IPv6 address must be in brackets
        }
    }

    /// 127.0.0.0/8 or ::1 (as an address: `127.1` or an IPv4-mapped `::ffff:127.0.0.1` is not taken).
    static func isLoopback(_ name: String) -> Bool {
        if name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        guard let octets = ipv4Octets(name) else { return false }
        return octets[0] == 127
    }

    static func isIPAddress(_ name: String) -> Bool {
        if ipv4Octets(name) != nil { return true }
        // An IPv6 address: hex digits, colons and dots only, at least two colons.
        return name.filter { $0 == ":" }.count >= 2
            && name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    private static func ipv4Octets(_ name: String) -> [Int]? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCIIDigit), let value = Int(part),
                value <= 255
            else { return nil }
            octets.append(value)
        }
        return octets
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
