import FlyingFox
import FlyingSocks
import Foundation
import NavGraphRender

/// `navgraph serve`'s HTTP server (FlyingFox): the live page at `/`, its event stream at `/events`, the state as
/// JSON at `/state` (`?step=N` for an earlier one) — nothing else, and no files. Every request is first checked
/// for its `Host` (`HostCheck`: 421 for a name that is not this machine's).
public final class LiveServer: Sendable {
    /// Where the server listens.
    public struct Address: Sendable, Equatable {
        /// An IP address (IPv4 dotted, or IPv6).
        public var host: String
        /// 0: a free port, chosen by the system.
        public var port: UInt16

        public init(host: String, port: UInt16) {
            self.host = host
            self.port = port
        }

        /// The default: the loopback address only.
        public static let loopback = "127.0.0.1"

        public var isLoopback: Bool { HostCheck.isLoopback(host) }
        var isIPv6: Bool { host.contains(":") }
    }

    /// Why the server could not listen, as data: the command words it.
    public enum Failure: Error, Equatable {
        /// Another program listens on the port.
        case portInUse(port: UInt16)
        /// The address is none of this machine's, or is not an IP address.
        case unusableAddress(host: String)
        case cannotListen(host: String, port: UInt16, reason: String)
    }

    public let hub: LiveHub
    public let page: LivePage
    private let server: HTTPServer
    private let requested: Address

    public init(address: Address, hub: LiveHub, page: LivePage) throws(Failure) {
        self.hub = hub
        self.page = page
        self.requested = address
        let socketAddress: any SocketAddress
        do {
            socketAddress =
                address.isIPv6
                ? try sockaddr_in6.inet6(ip6: address.host, port: address.port)
                : try sockaddr_in.inet(ip4: address.host, port: address.port)
        } catch {
            throw .unusableAddress(host: address.host)
        }
        let routes = LiveRoutes(hub: hub, page: page, loopbackOnly: address.isLoopback)
        server = HTTPServer(
            config: HTTPServer.Configuration(address: socketAddress, timeout: 30, logger: .disabled),
            handler: routes)
        self.routes = routes
    }

    private let routes: LiveRoutes

    /// Starts listening, and returns the port listened on (the one chosen when 0 was asked for). The server then
    /// answers on tasks of its own until the process ends.
    public func start() throws(Failure) -> UInt16 {
        let started = StartResult()
        let server = self.server
        Task.detached {
            do {
                try await server.run()
            } catch {
                started.set(.failure(error))
            }
        }
        Task.detached {
            // Listening, or failed first.
            while started.value == nil {
                if await server.isListening {
                    let address = await server.listeningAddress
                    switch address {
                    case .ip4(_, let port)?, .ip6(_, let port)?: started.set(.success(port))
                    default: started.set(.success(0))
                    }
                    return
                }
                try? await Task.sleep(nanoseconds: 5_000_000)
            }
        }
        let result = started.wait()
        switch result {
        case .success(let port):
            routes.hostCheck.set(HostCheck(port: Int(port), loopbackOnly: requested.isLoopback))
            return port
        case .failure(let error):
            if case SocketError.failed(_, let code, let message) = error {
                if code == Platform.addressInUse { throw .portInUse(port: requested.port) }
                if code == Platform.addressNotAvailable { throw .unusableAddress(host: requested.host) }
                throw .cannotListen(host: requested.host, port: requested.port, reason: message)
            }
            throw .cannotListen(host: requested.host, port: requested.port, reason: "\(error)")
        }
    }
}

/// The requests the server answers.
struct LiveRoutes: HTTPHandler {
    let hub: LiveHub
    let page: LivePage
    /// Set once the port is known.
    let hostCheck: Locked<HostCheck>

    init(hub: LiveHub, page: LivePage, loopbackOnly: Bool) {
        self.hub = hub
        self.page = page
        hostCheck = Locked(HostCheck(port: -1, loopbackOnly: loopbackOnly))
    }

    /// The replay page's policy, sent as a header too (and `connect-src 'self'` for the event stream).
    static let contentSecurityPolicy =
        "default-src 'none'; connect-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        + "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let hosts = request.headers.values(for: .host)
        guard hosts.count == 1, hostCheck.value.allows(host: hosts[0]) else {
            return Self.text(
                .misdirectedRequest,
                "navgraph serve answers only requests for this machine (Host: localhost or 127.0.0.1)\n")
        }
        guard request.method == .GET || request.method == .HEAD else {
            var response = Self.text(.methodNotAllowed, "navgraph serve only answers GET\n")
            response.headers[HTTPHeader("Allow")] = "GET, HEAD"
            return response
        }
        switch request.path {
        case "/": return try await pageResponse()
        case "/events": return events(request)
        case "/state": return state(request)
        default: return Self.text(.notFound, "not found: navgraph serve has /, /events and /state\n")
        }
    }

    private func pageResponse() async throws -> HTTPResponse {
        let html = try await page.page(for: hub.snapshot())
        var response = HTTPResponse(
            statusCode: .ok, headers: Self.headers("text/html; charset=utf-8"), body: Data(html.utf8))
        response.headers[HTTPHeader("Content-Security-Policy")] = Self.contentSecurityPolicy
        return response
    }

    private func events(_ request: HTTPRequest) -> HTTPResponse {
        let last = request.headers[HTTPHeader("Last-Event-ID")]?.trimmingCharacters(in: .whitespaces)
        let stream = StateStream(hub: hub, page: page, lastVersion: StateStream.lastVersion(from: last, hub: hub))
        var headers = Self.headers("text/event-stream; charset=utf-8")
        headers[HTTPHeader("X-Accel-Buffering")] = "no"
        return HTTPResponse(statusCode: .ok, headers: headers, body: HTTPBodySequence(from: stream))
    }

    private func state(_ request: HTTPRequest) -> HTTPResponse {
        let snapshot = hub.snapshot()
        var step: Int?
        if let value = request.query.first(where: { $0.name == "step" })?.value {
            guard let number = Int(value), number >= 0 else {
                return Self.text(.badRequest, "step=\(value): a step is a number, 0 or more\n")
            }
            step = number
        }
        if let step, step < snapshot.timeline.firstStep {
            return Self.text(
                .gone,
                "step=\(step): no longer kept; serve keeps the latest \(hub.keptSteps) steps or more "
                    + "(now steps \(snapshot.timeline.firstStep) to \(snapshot.timeline.count))\n")
        }
        guard let json = LivePage.state(snapshot, step: step) else {
            let count = snapshot.timeline.count
            return Self.text(
                .notFound, "step=\(step ?? 0): the input has only \(count) step\(count == 1 ? "" : "s") so far\n")
        }
        return HTTPResponse(statusCode: .ok, headers: Self.headers("application/json"), body: Data(json.utf8))
    }

    static func headers(_ contentType: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-store"
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        headers[HTTPHeader("Referrer-Policy")] = "no-referrer"
        return headers
    }

    static func text(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers("text/plain; charset=utf-8"), body: Data(text.utf8))
    }
}

/// A value shared between tasks, behind a lock.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}

/// How starting the server went, for the thread that waits for it.
private final class StartResult: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<UInt16, any Error>?

    var value: Result<UInt16, any Error>? {
        condition.lock()
        defer { condition.unlock() }
        return result
    }

    func set(_ value: Result<UInt16, any Error>) {
        condition.lock()
        if result == nil { result = value }
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> Result<UInt16, any Error> {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}
