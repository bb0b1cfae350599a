import FlyingFox
import FlyingSocks
import Foundation
import NavGraphRender

/// One client's event stream (`GET /events`): a `state` event with the latest page data whenever the hub has a newer
/// version than the client last got, and a comment when nothing changed for a while (so a client that left is
/// noticed: the write fails and the server closes the connection).
///
/// The stream asks for the next event only when the last one was written to the client's socket, so a slow client
/// simply skips the versions that came meanwhile and gets the latest; the reader never waits for it. A client that
/// reconnects names the version it had (`Last-Event-ID`): the stream sends nothing until the hub moves past it.
struct StateStream: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8

    let hub: LiveHub
    let page: LivePage
    /// The version the client has (from `Last-Event-ID`); -1 for none.
    let lastVersion: Int
    /// Bursts of steps (a dump of many models, a log read at once) become one event: after a change, the stream
    /// waits this long for more before it sends.
    var gather: Double = 0.04
    /// A comment after this long without a change.
    var keepAlive: Double = 15

    func makeAsyncIterator() -> Iterator {
        Iterator(stream: self, sent: lastVersion)
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let stream: StateStream
        var sent: Int
        /// What is left of the event being written (the server asks for at most `count` bytes at a time).
        var pending: ArraySlice<UInt8> = []
        var first = true

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            if pending.isEmpty {
                pending = ArraySlice(Array(try await nextEvent().utf8))
            }
            let taken = pending.prefix(Swift.max(count, 1))
            pending = pending.dropFirst(taken.count)
            return taken
        }

        private mutating func nextEvent() async throws -> String {
            // The browser waits this long before it reconnects once the server is gone (its default is 3 s).
            let retry = first ? 1000 : nil
            first = false
            let hub = stream.hub
            if hub.version <= sent {
                guard await hub.waitForChange(after: sent, atMost: stream.keepAlive) else {
                    try Task.checkCancellation()
                    return (retry.map { "retry: \($0)\n" } ?? "") + ServerSentEvent.comment("no change")
                }
                try await Task.sleep(nanoseconds: UInt64(stream.gather * 1e9))
            }
            let snapshot = hub.snapshot()
            let message = try await stream.page.message(for: snapshot, instance: hub.instance)
            sent = snapshot.version
            return ServerSentEvent(id: Self.eventID(hub, snapshot.version), event: "state", data: message, retry: retry)
                .text
        }

        /// An event's id: the server's instance and the version, as `lastVersion(from:)` reads it back.
        static func eventID(_ hub: LiveHub, _ version: Int) -> String { hub.instance + "-" + String(version) }
    }

    /// The version a reconnecting client had, from its `Last-Event-ID`; -1 (it has none of this server's) for
    /// none, or one of another server's.
    static func lastVersion(from id: String?, hub: LiveHub) -> Int {
        guard let id, let dash = id.lastIndex(of: "-"), id[..<dash] == hub.instance,
            let version = Int(id[id.index(after: dash)...])
        else { return -1 }
        return version
    }
}
