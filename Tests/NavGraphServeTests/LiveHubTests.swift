import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphRender
import NavGraphTestSupport
import Testing

@testable import NavGraphServe

/// The state hub between the reader and the server: the reader never waits, a client gets the latest state.
@Suite("Live hub")
struct LiveHubTests {
    /// The events of an example, in order.
    static func events(_ example: String) throws -> [NavEvent] {
        let source = try LineSource(path: repositoryRoot.appendingPathComponent("examples/\(example)").path)
        var events: [NavEvent] = []
        try NavigationInput(source: source).read(diagnostics: DiagnosticCollector()) { event in
            events.append(event)
            return true
        }
        return events
    }

    /// Drawings that need no Graphviz: an empty SVG of a fixed size for any DOT.
    struct BlankLayout: DOTLayoutEngine, Sendable {
        func draw(dot: String, as format: OutputFormat) throws(RenderError) -> [UInt8] {
            Array(
                #"<svg width="200pt" height="100pt" viewBox="0 0 200 100"><g id="graph0" class="graph"></g></svg>"#
                    .utf8)
        }
    }

    static func page() -> LivePage {
        LivePage(
            title: "app.log",
            theme: LivePage.Theme(
                html: "{{<replay-page}}{{/replay-page}}", htmlName: "test.html.mustache", dot: nil, dotName: nil),
            engine: BlankLayout())
    }

    @Test func eachStepIsAVersionAndASnapshotIsTheLatest() throws {
        let hub = LiveHub(lifecycleAdvice: "")
        let events = try Self.events("leaky-session.log")
        for event in events { hub.append(event) }
        let snapshot = hub.snapshot()
        #expect(snapshot.version == events.count)
        #expect(snapshot.timeline.count == events.count)
        #expect(!snapshot.ended)
        hub.end()
        #expect(hub.snapshot().ended && hub.version == events.count + 1)
    }

    /// A snapshot is the state when taken: the reader goes on appending to its own copy.
    @Test func aSnapshotDoesNotChangeAsTheReaderGoesOn() throws {
        let hub = LiveHub(lifecycleAdvice: "")
        let events = try Self.events("session.log")
        for event in events.prefix(5) { hub.append(event) }
        let early = hub.snapshot()
        for event in events.dropFirst(5) { hub.append(event) }
        #expect(early.timeline.count == 5 && early.version == 5)
        #expect(hub.snapshot().timeline.count == events.count)
    }

    @Test func aWaitingClientIsWokenByTheNextStep() async throws {
        let hub = LiveHub(lifecycleAdvice: "")
        let events = try Self.events("session.log")
        let waiting = Task { await hub.waitForChange(after: 0) }
        try await Task.sleep(nanoseconds: 20_000_000)
        Thread { hub.append(events[0]) }.start()
        await waiting.value
        #expect(hub.version == 1)
        // Already past: at once.
        await hub.waitForChange(after: 0)
        #expect(await hub.waitForChange(after: 1, atMost: 0.05) == false)
    }

    @Test func aClientThatLeavesStopsWaiting() async {
        let hub = LiveHub(lifecycleAdvice: "")
        let waiting = Task { await hub.waitForChange(after: 0) }
        waiting.cancel()
        await waiting.value
        #expect(hub.version == 0)
    }

    @Test func aRestartForgetsWhatWasRead() throws {
        let hub = LiveHub(lifecycleAdvice: "")
        for event in try Self.events("session.log").prefix(4) { hub.append(event) }
        hub.setProvisional([try Self.events("session.log")[4]])
        #expect(hub.snapshot().provisional.count == 1)
        hub.restart()
        let snapshot = hub.snapshot()
        #expect(snapshot.timeline.count == 0 && snapshot.restarts == 1 && snapshot.provisional.isEmpty)
        #expect(snapshot.version == 6)
    }

    /// The same provisional events again are no change: a quiet input does not make the page again.
    @Test func provisionalEventsAreAChangeOnlyWhenTheyChange() throws {
        let hub = LiveHub(lifecycleAdvice: "")
        let events = try Self.events("session.log")
        hub.append(events[0])
        hub.setProvisional([])
        #expect(hub.version == 1)
        hub.setProvisional([events[1]])
        hub.setProvisional([events[1]])
        #expect(hub.version == 2)
        hub.append(events[1])
        #expect(hub.snapshot().provisional.isEmpty)
    }

    /// A slow client is never sent the steps it missed one by one: when it asks again it gets the latest version,
    /// and a client that reconnects with the version it has gets nothing until there is a newer one.
    @Test func aSlowClientGetsTheLatestState() async throws {
        let hub = LiveHub(lifecycleAdvice: "")
        let events = try Self.events("leaky-session.log")
        for event in events.prefix(3) { hub.append(event) }
        var stream = StateStream(hub: hub, page: Self.page(), lastVersion: -1)
        stream.gather = 0
        var iterator = stream.makeAsyncIterator()
        let first = try await Self.nextEvent(&iterator)
        let instance = hub.instance
        #expect(
            first.hasPrefix(
                "retry: 1000\nid: \(instance)-3\nevent: state\ndata: {\"instance\":\"\(instance)\",\"version\":3,"),
            "\(first.prefix(80))")
        // Meanwhile the reader goes on; the client is busy.
        for event in events.dropFirst(3) { hub.append(event) }
        let second = try await Self.nextEvent(&iterator)
        #expect(second.hasPrefix("id: \(instance)-\(events.count)\nevent: state\n"), "\(second.prefix(80))")
        #expect(second.contains("\"steps\":["))

        var resumed = StateStream(hub: hub, page: Self.page(), lastVersion: events.count)
        resumed.keepAlive = 0.05
        var again = resumed.makeAsyncIterator()
        #expect(try await Self.nextEvent(&again) == "retry: 1000\n: no change\n\n")
        hub.end()
        #expect(try await Self.nextEvent(&again).hasPrefix("id: \(instance)-\(events.count + 1)\nevent: state\n"))
    }

    /// A reconnecting tab names the last event it got: a version of this server's resumes from it; one of another
    /// server's (navgraph serve started again on the port), or anything else, gets the state at once.
    @Test func aReconnectingClientResumesFromItsVersionOfThisServer() {
        let hub = LiveHub(lifecycleAdvice: "")
        #expect(StateStream.lastVersion(from: hub.instance + "-12", hub: hub) == 12)
        #expect(StateStream.lastVersion(from: "other-12", hub: hub) == -1)
        #expect(StateStream.lastVersion(from: "12", hub: hub) == -1)
        #expect(StateStream.lastVersion(from: hub.instance + "-x", hub: hub) == -1)
        #expect(StateStream.lastVersion(from: nil, hub: hub) == -1)
        #expect(LiveHub(lifecycleAdvice: "").instance != hub.instance)
    }

    /// One event, whole, from a stream (it hands out at most the bytes asked for at a time).
    static func nextEvent(_ iterator: inout StateStream.Iterator) async throws -> String {
        var bytes: [UInt8] = []
        while !(bytes.count >= 2 && bytes.suffix(2) == [10, 10]) {
            guard let chunk = try await iterator.nextBuffer(suggested: 512) else { break }
            #expect(chunk.count <= 512)
            bytes += chunk
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `/state` is what `tree --format json` writes: models that left are leaked only at the end of the input.
    @Test func theStateIsTreeJSON() throws {
        let hub = LiveHub(lifecycleAdvice: "")
        let events = try Self.events("leaky-session.log")
        for event in events { hub.append(event) }
        func json(_ hierarchy: Hierarchy, ended: Bool) throws -> String {
            var text = ""
            try JSONRenderer(endOfInput: ended).render(hierarchy, to: &text)
            return text
        }
        let latest = hub.snapshot().timeline.latest
        #expect(LivePage.state(hub.snapshot()) == (try json(latest, ended: false)))
        #expect(LivePage.state(hub.snapshot())?.contains("\"left\": [") == true)
        hub.end()
        #expect(LivePage.state(hub.snapshot()) == (try json(latest, ended: true)))
        var early = Hierarchy()
        for event in events.prefix(12) { early.apply(event) }
        #expect(LivePage.state(hub.snapshot(), step: 12) == (try json(early, ended: false)))
        #expect(LivePage.state(hub.snapshot(), step: events.count + 1) == nil)
        #expect(LivePage.state(hub.snapshot(), step: -1) == nil)
    }
}
