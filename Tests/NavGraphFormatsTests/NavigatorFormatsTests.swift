import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// NavigatorUI's log formats before 2.0.2, read from the lines its logging code prints: the fixtures in
/// `Fixtures/navigator/` are made by `Fixtures/navigator-generator/generate.swift`, which re-declares each tag's
/// logging code and prints through the Swift runtime (see its README).
@Suite("NavigatorUI log formats of every release", .tags(.memory))
struct NavigatorFormatsTests {
    static let fixtures = ["0.8.0", "0.9.2", "0.9.12", "0.9.25", "1.4.6", "2.0.2"]

    static func fixture(_ tag: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/navigator/navigator-\(tag).log")
    }

    static func lines(_ tag: String) throws -> [String] {
        try String(contentsOf: fixture(tag), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The line of fixture `tag` containing `text` (exactly one).
    static func line(_ tag: String, _ text: String) throws -> String {
        let found = try lines(tag).filter { $0.contains(text) }
        try #require(found.count == 1, "\(tag): \(found.count) lines contain \(text)")
        return found[0]
    }

    static func parse(_ text: String) -> NavigatorLine? {
        text.withByteLine { NavigatorLine($0) }
    }

    /// The UUID after `word` in `line`.
    static func uuid(after word: String, in line: String) throws -> String {
        let range = try #require(line.range(of: word))
        return String(line[range.upperBound...].prefix(36))
    }

    /// 0.9.26 to 2.0.1: the lifecycle event is not CustomStringConvertible, so Swift prints the enum case.
    @Test func rawEnumLifecycleOf0926To201() throws {
        let tag = "1.4.6"
        let configured = try Self.line(tag, " configured")
        #expect(Self.parse(configured)?.event == .configured)
        let adding = try #require(try Self.lines(tag).first { $0.contains(" adding(") })
        let child = try Self.uuid(after: "adding(", in: adding)
        #expect(
            Self.parse(adding)
                == NavigatorLine(
                    navigator: String(adding.dropFirst(10).prefix(36)), name: nil,
                    event: .adding(child: child, name: nil)))
        let removing = try Self.line(tag, "removing(")
        let removed = try Self.uuid(after: "removing(", in: removing)
        #expect(Self.parse(removing)?.event == .removing(child: removed, name: nil))
        #expect(Self.parse(try Self.line(tag, "pushing(\"detail\")"))?.event == .pushing("\"detail\""))
        #expect(
            Self.parse(try Self.line(tag, "presenting(NavigatorDemo.HomeDestinations.photoPicker)"))?.event
                == .presenting("NavigatorDemo.HomeDestinations.photoPicker"))
        for other in ["checkpoint adding(\"home.root\")", "sending(", "receiving("] {
            #expect(Self.parse(try Self.line(tag, other))?.event == .other, "\(other)")
        }
        // Malformed payloads are not the logger's.
        #expect(Self.parse("Navigator \(child) adding(123)") == nil)
        #expect(Self.parse("Navigator \(child) removing(\(child)") == nil)
    }

    /// 0.8.0 to 0.9.25: plain strings, some with the UUID after a word, some naming no navigator.
    @Test func plainStringsOf08To0925() throws {
        let root = try Self.line("0.8.0", "Navigator root: ")
        let rootID = try Self.uuid(after: "root: ", in: root)
        #expect(Self.parse(root) == NavigatorLine(navigator: rootID, name: nil, event: .configured))
        // `init: <child>, parent: <parent>` is logged by the child: the parent's `adding`.
        let initLine = try Self.lines("0.8.0").first { $0.hasPrefix("Navigator init: ") && $0.hasSuffix(rootID) }
        let child = try Self.uuid(after: "init: ", in: try #require(initLine))
        #expect(
            Self.parse(initLine!)
                == NavigatorLine(navigator: rootID, name: nil, event: .adding(child: child, name: nil)))
        let deinitLine = try Self.line("0.8.0", "deinit: ")
        #expect(Self.parse(deinitLine)?.event == .deallocated)
        #expect(Self.parse(deinitLine)?.navigator == (try Self.uuid(after: "deinit: ", in: deinitLine)))
        let dismissing = try Self.lines("0.8.0").filter { $0.contains("dimsissing: ") }
        #expect(dismissing.count == 2)
        #expect(dismissing.allSatisfy { Self.parse($0)?.event == .dismissed })
        // Lines naming no navigator are no NavigatorLine, but the reader knows them (`anonymous`).
        for text in [
            "Navigator navigating to: page(1), via: push", "Navigator navigating to: photoPicker, via: sheet",
            "Navigator adding checkpoint: home.root",
        ] {
            let line = try Self.line("0.8.0", text)
            #expect(Self.parse(line) == nil)
            let shape = line.withByteLine { NavigatorLine.anonymous($0.dropFirst(10)) }
            #expect(shape != nil, "\(line)")
        }
        #expect(Self.parse(try Self.line("0.9.25", "configured root: "))?.event == .configured)
        // 0.9.2: the parent logs `adding child: <UUID>`.
        let addingChild = try #require(try Self.lines("0.9.2").first { $0.contains("adding child: ") })
        #expect(
            Self.parse(addingChild)?.event
                == .adding(child: try Self.uuid(after: "child: ", in: addingChild), name: nil))
        // 0.9.12: `<UUID> navigating to: <value>, via: <method>`; 0.9.20 prints the value with String(reflecting:).
        #expect(Self.parse(try Self.line("0.9.12", "navigating to: page(1), via: push"))?.event == .pushing("page(1)"))
        #expect(
            Self.parse(try Self.line("0.9.12", "navigating to: photoPicker, via: sheet"))?.event
                == .presenting("photoPicker"))
        #expect(
            Self.parse(try Self.line("0.9.25", "HomeDestinations.editProfile, via: managedSheet"))?.event
                == .presenting("NavigatorDemo.HomeDestinations.editProfile"))
        for other in ["adding checkpoint: home.root", "sending page(3)", "receiving page(3)"] {
            #expect(Self.parse(try Self.line("0.9.12", other))?.event == .other, "\(other)")
        }
        // The misspelling is the library's; a UUID that does not end the line is not its line.
        let id = rootID
        #expect(Self.parse("Navigator dismissing: \(id)") == nil)
        #expect(Self.parse("Navigator deinit: \(id) later") == nil)
        #expect(Self.parse("Navigator init: \(id), parent: \(id.dropLast())") == nil)
        #expect(Self.parse("12:00 App[1:2] Navigator deinit: \(id)")?.event == .deallocated)
    }

    /// Each fixture reads to the same session: two tab stacks under the root, the first sheet's navigator finished,
    /// the second (dismissed, never deinitialized) leaked.
    @Test(arguments: fixtures)
    func eachReleaseReadsToTheSameTreeAndLeak(tag: String) throws {
        let result = try read(file: Self.fixture(tag))
        #expect(result.error == nil)
        #expect(result.format == .navigator)
        let lines = try Self.lines(tag)
        #expect(result.skipped.count == lines.filter { $0.hasPrefix("ℹ️") }.count)
        let hierarchy = result.hierarchy
        #expect(hierarchy.openWindows.map(\.name) == ["main"])
        // The leaked navigator is the one dismissed last, which never logs deinit.
        let dismissed = lines.filter { $0.contains("dismissed") || $0.contains("dimsissing") }
        #expect(dismissed.count == 2)
        func navigator(of line: String) -> String {
            line.contains("dimsissing: ") ? String(line.suffix(36)) : String(line.dropFirst(10).prefix(36))
        }
        let leaked = navigator(of: dismissed[1])
        let finished = navigator(of: dismissed[0])
        #expect(hierarchy.departedModels.map(\.model.key) == [leaked])
        #expect(hierarchy.departedModels.first?.leftLine == (lines.firstIndex(of: dismissed[1]) ?? 0) + 1)
        #expect(hierarchy.nodes[finished] == nil && hierarchy.nodes[leaked] == nil)
        #expect(!lines.contains { $0.contains("deinit") && $0.contains(leaked) })
        #expect(lines.contains { $0.contains("deinit") && $0.contains(finished) })
        // Root, two tab stacks; what each stack shows (none before 0.9.12, whose pushes name no navigator).
        let root = try #require(hierarchy.openWindows.first?.root)
        let tabs = hierarchy.nodes[root]?.children ?? []
        #expect(tabs.count == 2)
        let shown = tabs.map { tab in
            (hierarchy.nodes[tab]?.children ?? []).compactMap { hierarchy.nodes[$0]?.model.id }
        }
        if ["0.8.0", "0.9.2"].contains(tag) {
            #expect(shown == [[], []])
            #expect(result.diagnostics.contains { $0.severity == .warning && $0.message.contains("before 0.9.12") })
        } else {
            #expect(shown == [["view", "page(1)", "pageN(55)"], ["view", "about"]])
            #expect(result.diagnostics.allSatisfy { $0.severity == .note })
        }
        // A presented sheet's navigator is named by what it presents, when it has no name of its own.
        let leakedType = hierarchy.departedModels.first?.model.type
        #expect(leakedType?.hasSuffix("photoPicker") == true, "\(leakedType ?? "nil")")
    }

    /// Formats mix line by line: three sessions of different releases, their lines interleaved, read as three
    /// windows with one leak each.
    @Test func formatsMixLineByLine() throws {
        let logs = try ["0.9.25", "1.4.6", "2.0.2"].map(Self.lines)
        var mixed: [String] = []
        for index in 0..<(logs.map(\.count).max() ?? 0) {
            for log in logs where index < log.count { mixed.append(log[index]) }
        }
        let result = read(mixed.joined(separator: "\n") + "\n")
        #expect(result.error == nil)
        let hierarchy = result.hierarchy
        #expect(hierarchy.openWindows.count == 3)
        #expect(hierarchy.departedModels.count == 3)
        #expect(hierarchy.departedModels.allSatisfy { $0.model.type.hasSuffix("photoPicker") })
        #expect(result.diagnostics.allSatisfy { $0.severity == .note }, "\(result.diagnostics)")
    }

    /// 2.1.2 logs the parent's `removing` right after `dismissed`: the navigator leaves at the `removing`, as before;
    /// a `dismissed` followed by another line, or by the end of input, takes it out at the `dismissed`.
    @Test func aDismissedNavigatorLeavesAtItsDismissalUnlessTheRemovalFollows() {
        let root = "C0D363A8-5C28-40B3-98E8-3DBE488054BB"
        let home = "2F3CF02F-08FC-4431-ABDD-32685C6D333C"
        let sheet = "14B0B829-B671-452F-949A-3F61914D5C25"
        let start = [
            "Navigator \(root) configured", "Navigator \(root) adding(\(home))",
            "Navigator \(home) presenting(App.Sheets.edit)", "Navigator \(home) adding(\(sheet))",
            "Navigator \(sheet) dismissed",
        ]
        let removedNext = read((start + ["Navigator \(home) removing(\(sheet))"]).joined(separator: "\n"))
        #expect(removedNext.hierarchy.departedModels.map(\.leftLine) == [6])
        let atTheEnd = read(start.joined(separator: "\n"))
        #expect(atTheEnd.hierarchy.departedModels.map(\.leftLine) == [5])
        let deallocated = read(
            (start + ["Navigator \(sheet) deinit", "Navigator \(home) removing(\(sheet))"]).joined(separator: "\n"))
        #expect(deallocated.hierarchy.departedModels.isEmpty)
        #expect(deallocated.diagnostics.allSatisfy { $0.severity == .note }, "\(deallocated.diagnostics)")
        #expect(deallocated.hierarchy.nodes[sheet] == nil)
    }
}
