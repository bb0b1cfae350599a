import Testing

@testable import NavGraphServe

/// Which `Host` headers `navgraph serve` answers: this machine by a loopback address or `localhost` (DNS rebinding
/// names a site's own domain), and with `--host` any IP address.
@Suite("Host check")
struct HostCheckTests {
    let loopback = HostCheck(port: 7447)

    @Test(arguments: [
        "localhost", "localhost:7447", "LOCALHOST:7447", "localhost.:7447", "127.0.0.1", "127.0.0.1:7447",
        "127.1.2.3:7447", "[::1]", "[::1]:7447", " 127.0.0.1:7447 ",
    ])
    func thisMachineIsAnswered(host: String) {
        #expect(loopback.allows(host: host))
    }

    @Test(arguments: [
        // A rebinding site names itself; names that merely start or end like loopback are still its own.
        "evil.example", "evil.example:7447", "localhost.evil.example:7447", "127.0.0.1.nip.io:7447",
        "evil.localhost.example", "attacker.com:7447",
        // Another port (a stale tab, another server), and what is not a Host at all.
        "localhost:8080", "127.0.0.1:80", "", " ", ":7447", "localhost:", "localhost:port", "localhost:99999",
        "127.0.0.1:7447:1", "[::1", "[::1]x", "::1",
        // Only addresses as written: no shortened, octal or hex forms, no mapped IPv4, no other machine.
        "127.1", "0177.0.0.1", "0x7f.0.0.1", "[::ffff:127.0.0.1]", "192.168.1.5:7447", "0.0.0.0:7447",
        "[fe80::1]:7447",
    ])
    func anyOtherNameIsRefused(host: String) {
        #expect(!loopback.allows(host: host))
    }

    @Test func noHostIsRefused() {
        #expect(!loopback.allows(host: nil))
    }

    /// With `--host` other machines name it by an address (a rebinding site can only name itself by a name).
    @Test func listeningElsewhereAnswersAddressesButNotNames() {
        let network = HostCheck(port: 7447, loopbackOnly: false)
        for host in ["192.168.1.5:7447", "10.0.0.2", "[fe80::1]:7447", "localhost:7447", "127.0.0.1:7447"] {
            #expect(network.allows(host: host), "\(host)")
        }
        for host in ["evil.example:7447", "printer.local:7447", "192.168.1.5:80", "[fe80::1]:80"] {
            #expect(!network.allows(host: host), "\(host)")
        }
    }
}
