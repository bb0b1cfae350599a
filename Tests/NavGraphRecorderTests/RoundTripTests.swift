import Foundation
import NavGraphCore
import NavGraphFormats
import NavGraphTestSupport
import Testing

@testable import NavGraphRecorder

/// What the recorder writes, read back by navgraph, is the hierarchy the app built.
@Suite("Recorder round trips through navgraph's reader", .tags(.memory))
struct RoundTripTests {
    /// A session that uses every event an app records.
    static func scriptedSession(_ recorder: NavigationRecorder) {
        recorder.start("app", type: "AppModel", kind: .switch)
        recorder.root("app", type: "AppModel", kind: .switch)
        recorder.start("tabs", type: "MainTabs")
        recorder.switch(to: "tabs", type: "MainTabs", kind: .tabs, in: "app")
        recorder.tab("home", type: "HomeStack", kind: .stack, in: "tabs", title: "Home \"quoted\"\nline")
        recorder.push("home-root", type: "HomeScreen", onto: "home")
        recorder.tab("mail", type: "MailSplit", kind: .split, in: "tabs", title: "Mail")
        recorder.column(.sidebar, shows: "folders", type: "Folders", in: "mail")
        recorder.column(.detail, shows: "message", type: "Message", in: "mail")
        recorder.select("mail", in: "tabs")
        recorder.start("list", type: "List")
        recorder.push("list", type: "List", onto: "home")
        recorder.start("detail", type: "Détail ✓")
        recorder.push("detail", type: "Détail ✓", onto: "home")
        recorder.pop(from: "home", count: 2)
        recorder.setPath(
            of: "home",
            to: [
                .existing("home-root"), .new("home/1", type: "Route.list"),
                .new("home/2", type: "Route.nested", kind: .stack),
            ])
        recorder.present("sheet", type: "ComposeSheet", on: "tabs", style: .sheet)
        recorder.present("alert", type: "ErrorAlert", on: "sheet", style: .alert)
        recorder.dismiss("alert")
        recorder.openWindow("inspector", root: "inspector-root", type: "Inspector")
        recorder.closeWindow("inspector")
        recorder.openWindow("second", root: "second-root", type: "Viewer")
        recorder.mark("tapped Save")
        recorder.finish("detail")
        recorder.record(RecordedEvent(.push, id: "home/3", type: "Route.custom", parent: "home"))
    }

    static let expectedOutline = [
        "main: 0 app AppModel switch root",
        "main: 1 tabs MainTabs tabs switch",
        "main: 2 sheet ComposeSheet screen presented(sheet)",
        "main: 2 home HomeStack stack tab",
        "main: 3 home-root HomeScreen screen push",
        "main: 3 home/1 Route.list screen push",
        "main: 3 home/2 Route.nested stack push",
        "main: 3 home/3 Route.custom screen push",
        "main: 2 mail MailSplit split tab",
        "main: 3 folders Folders screen column(sidebar)",
        "main: 3 message Message screen column(detail)",
        "second: 0 second-root Viewer screen root",
    ]

    @Test func everyEventKindReadsBackAsTheHierarchyTheScriptBuilt() throws {
        let log = TemporaryLog()
        defer { log.remove() }
        let recorder = NavigationRecorder()
        recorder.startRecording(to: try .file(atPath: log.path))
        Self.scriptedSession(recorder)
        recorder.stopRecording()

        let result = try readBack(log)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.events.count == 25)
        let names = Set(result.events.map(\.action.name))
        #expect(names == Set(RecordedEvent.Name.allCases.map(\.rawValue)))
        #expect(result.outline == Self.expectedOutline)
        // `list` left (popped) and never finished; `detail` finished.
        #expect(result.leaked == ["list"])
        // Times are the recording's, in order.
        let times = result.events.compactMap(\.time)
        #expect(times.count == result.events.count && times == times.sorted())
        #expect(abs(times[0] - Date().timeIntervalSince1970) < 60)
        if case .tab(_, _, _, let title) = result.events[4].action { #expect(title == "Home \"quoted\"\nline") }
        // A title, an own type name: what a filter would redact reaches the log only through the JSON escaping.
        #expect(log.text.contains(#""title":"Home \"quoted\"\nline""#))
    }

    @Test func behindAConsolesPrefixAndAmongAppOutputItReadsTheSame() throws {
        let lines = LockedLines()
        let recorder = NavigationRecorder()
        recorder.startRecording(to: .lines { lines.append($0) })
        Self.scriptedSession(recorder)
        recorder.stopRecording()
        var console = "MyApp 1.0 starting\n"
        for (index, line) in lines.all.enumerated() {
            console += "2025-03-14 09:41:\(10 + index % 50).345 MyApp[4242:9111] \(line)\n"
            if index % 5 == 0 { console += "[Network] GET /items/\(index) 200\n" }
        }
        let result = try readBack(Array(console.utf8))
        #expect(result.diagnostics.isEmpty)
        #expect(result.outline == Self.expectedOutline)
        #expect(result.skipped.count == 1 + (lines.all.count + 4) / 5)
    }

    /// Two emitters (the main thread and a background task, say) whose events interleave either way: each keeps its
    /// own order, and the hierarchy is the same.
    @Test(arguments: [true, false])
    func concurrentEmittersInEitherOrderGiveTheSameHierarchy(homeFirst: Bool) async throws {
        let log = TemporaryLog()
        defer { log.remove() }
        let recorder = NavigationRecorder()
        recorder.startRecording(to: try .file(atPath: log.path))
        recorder.root("tabs", type: "Tabs", kind: .tabs)
        recorder.tab("home", type: "HomeStack", kind: .stack, in: "tabs")
        recorder.tab("mail", type: "MailStack", kind: .stack, in: "tabs")
        recorder.push("home-root", type: "Home", onto: "home")
        recorder.push("mail-root", type: "Inbox", onto: "mail")
        let home: @Sendable () -> Void = {
            for index in 1...50 { recorder.push("h\(index)", type: "Item", onto: "home") }
            recorder.pop(from: "home", count: 20)
        }
        let mail: @Sendable () -> Void = {
            recorder.present("compose", type: "Compose", on: "mail-root", style: .sheet)
            for index in 1...30 { recorder.push("m\(index)", type: "Message", onto: "mail") }
            recorder.dismiss("compose")
        }
        let (first, second) = homeFirst ? (home, mail) : (mail, home)
        // The second emitter starts while the first is running; their events interleave.
        async let one: Void = Task.detached { first() }.value
        async let two: Void = Task.detached { second() }.value
        _ = await (one, two)
        recorder.stopRecording()

        let result = try readBack(log)
        #expect(result.diagnostics.isEmpty)
        let homeEntries = result.hierarchy.preorder(from: "home").dropFirst().map(\.node.model.id)
        #expect(homeEntries == ["home-root"] + (1...30).map { "h\($0)" })
        let mailEntries = result.hierarchy.preorder(from: "mail").dropFirst().map(\.node.model.id)
        #expect(mailEntries == ["mail-root"] + (1...30).map { "m\($0)" })
    }

    /// A crash while a line is being written leaves part of it: navgraph reports that line (skips it with
    /// `--lenient`) and reads everything before it.
    @Test func aCrashMidLineLosesOnlyThatLine() throws {
        let log = TemporaryLog()
        defer { log.remove() }
        let recorder = NavigationRecorder()
        recorder.startRecording(to: try .file(atPath: log.path))
        Self.scriptedSession(recorder)
        recorder.stopRecording()
        let whole = Array(try Data(contentsOf: log.url))
        let lastLineStart = whole.dropLast().lastIndex(of: 0x0A)! + 1
        for cut in [lastLineStart + 9, lastLineStart + 30, whole.count - 2] {
            let truncated = Array(whole[..<cut])
            let strict = try readBack(truncated)
            #expect(strict.diagnostics.map(\.line) == [25])
            #expect(strict.diagnostics.allSatisfy { $0.severity == .error })
            let lenient = try readBack(truncated, lenient: true)
            #expect(lenient.events.count == 24)
            #expect(lenient.outline == Self.expectedOutline.filter { !$0.contains("home/3") })
        }
    }

    @Test func aModelLifetimeRecordsFinishWhenItsOwnerGoes() throws {
        final class DetailViewModel {
            let lifetime: ModelLifetime
            var onChange: (() -> Void)?
            init(recorder: NavigationRecorder) { lifetime = ModelLifetime(DetailViewModel.self, recorder: recorder) }
        }
        let log = TemporaryLog()
        defer { log.remove() }
        let recorder = NavigationRecorder()
        recorder.startRecording(to: try .file(atPath: log.path))
        recorder.root("stack", type: "Stack", kind: .stack)
        var freed: DetailViewModel? = DetailViewModel(recorder: recorder)
        var cyclic: DetailViewModel? = DetailViewModel(recorder: recorder)
        cyclic?.onChange = { [cyclic] in _ = cyclic }  // kept alive by its own closure
        let freedID = freed!.lifetime.id
        let cyclicID = cyclic!.lifetime.id
        // The cycle is the point of the test; it is broken at the end so the test process itself leaks nothing
        // (LeakSanitizer checks it under `scripts/test-sanitized address`).
        let leakedOnPurpose = cyclic!
        #expect(freedID != cyclicID && freed!.lifetime.type == "DetailViewModel")
        recorder.push(freedID, type: "DetailViewModel", onto: "stack")
        recorder.push(cyclicID, type: "DetailViewModel", onto: "stack")
        recorder.pop(from: "stack", count: 2)
        freed = nil
        cyclic = nil
        recorder.stopRecording()
        let result = try readBack(log)
        #expect(result.diagnostics.isEmpty)
        #expect(result.leaked == [cyclicID])
        #expect(result.alive == [cyclicID])
        leakedOnPurpose.onChange = nil
    }

    @Test func givenIDsAreKeptAndMadeOnesAreShortAndUnique() {
        let made = (0..<5000).map { _ in ModelID.make() }
        #expect(Set(made).count == made.count)
        #expect(made.allSatisfy { $0.count >= 3 && $0.count <= 4 })
        let lifetime = ModelLifetime(type: "Given", id: "8C1F2E3D", recorder: NavigationRecorder())
        #expect(lifetime.id == "8C1F2E3D")
    }
}

/// Lines a closure sink received, from its thread.
final class LockedLines: Sendable {
    private let lines = LockedState<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
