import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphRender
import Testing

@testable import NavGraphServe

/// What the live page says of models that left and of leaks it cannot tell, while the input goes on and once it
/// ended: as `/state` and the side panel say it, and as `leaks` advises for the format read.
@Suite("Live leak words")
struct LiveLeakWordsTests {
    /// Drawings that need no Graphviz, keeping the DOT each was made from.
    final class RecordingLayout: DOTLayoutEngine, @unchecked Sendable {
        private let lock = NSLock()
        private var drawn: [String] = []

        func draw(dot: String, as format: OutputFormat) throws(RenderError) -> [UInt8] {
            lock.withLock { drawn.append(dot) }
            return try LiveHubTests.BlankLayout().draw(dot: dot, as: format)
        }

        /// The DOT drawn since the last call.
        func take() -> String {
            lock.withLock {
                defer { drawn = [] }
                return drawn.joined(separator: "\n")
            }
        }
    }

    static func page(_ engine: RecordingLayout) -> LivePage {
        LivePage(
            title: "app.log",
            theme: LivePage.Theme(
                html: "{{<replay-page}}{{/replay-page}}", htmlName: "test.html.mustache", dot: nil, dotName: nil),
            engine: engine)
    }

    /// A model that left is drawn as left, not finished while the input goes on (it may still finish), and as
    /// leaked once it ended; the drawings kept from before the end are not reused with the old words.
    @Test func theDrawingSaysLeakedOnlyOnceTheInputEnded() async throws {
        let hub = LiveHub(lifecycleAdvice: nil)
        for event in try LiveHubTests.events("leaky-session.log") { hub.append(event) }
        let engine = RecordingLayout()
        let page = Self.page(engine)
        _ = try await page.message(for: hub.snapshot(), instance: hub.instance)
        let live = engine.take()
        #expect(live.contains("label=\"left, not finished\""), "\(live.prefix(400))")
        #expect(!live.contains("leaked"))
        hub.end()
        _ = try await page.message(for: hub.snapshot(), instance: hub.instance)
        let ended = engine.take()
        #expect(ended.contains("label=\"leaked\""), "\(ended.prefix(400))")
        #expect(!ended.contains("left, not finished"))
    }

    /// Where leaks cannot be told (no lifecycle in the input), the page gives the advice of the format read, and
    /// none before a format is known; a followed file read again from its start is detected anew.
    @Test func theAdviceIsTheDetectedFormats() async throws {
        let hub = LiveHub(lifecycleAdvice: nil)
        let page = LiveHubTests.page()
        let empty = try await page.message(for: hub.snapshot(), instance: hub.instance)
        #expect(!empty.contains("leaksUnknown"), "\(empty.prefix(400))")

        let dump = InputFormat.swiftDump.lifecycleAdvice
        #expect(dump != InputFormat.swiftUINavigation.lifecycleAdvice)
        hub.setLifecycleAdvice(dump)
        for event in try LiveHubTests.events("per-tab-routers.log") { hub.append(event) }
        let read = try await page.message(for: hub.snapshot(), instance: hub.instance)
        #expect(read.contains(dump), "\(read.prefix(400))")
        #expect(!read.contains("isDebugPrintEnabled"))

        hub.restart()
        #expect(hub.snapshot().lifecycleAdvice == nil)
        #expect(LiveHub(lifecycleAdvice: "given").snapshot().lifecycleAdvice == "given")
    }
}
