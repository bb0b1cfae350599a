import Foundation
import NavGraphTestSupport
import Testing

@Suite("navgraph diff --format json: where things are")
struct DiffPositionTests {
    @Test func addedNodesSayWhereTheyHangCountingFromOneAsTheTextDoes() throws {
        let run = try navgraph(["diff", "--format", "json", "examples/launch-dump.txt", "examples/sheet-over-tabs.txt"])
        #expect(run.status == 1)
        let document = try #require(jsonObject(run.stdout))
        let added = try #require(document["added"] as? [[String: Any]])
        let a41 = try #require(added.first { $0["id"] as? String == "A41" })
        // A41 is the second entry of stack 32D: `#2` in the text, index 2 here.
        #expect(a41["parent"] as? String == "32D")
        #expect(a41["window"] as? String == "main")
        #expect(a41["index"] as? Int == 2)
        let sheet = try #require(added.first { $0["id"] as? String == "9C2" })
        #expect(sheet["parent"] as? String == "F1A")
        #expect(sheet["index"] as? Int == 1)
        // Its subtree is NODEs as in `tree --format json`, without positions of their own.
        let children = try #require(sheet["children"] as? [[String: Any]])
        #expect(children.allSatisfy { $0["index"] == nil })
    }

    @Test func movesCountFromOneInJSONAsInText() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = folder.appendingPathComponent("before.txt")
        let after = folder.appendingPathComponent("after.txt")
        try "<[A 111...]>\n\t<[B 222...]>\n\t<[C 333...]>\n".write(to: before, atomically: true, encoding: .utf8)
        try "<[A 111...]>\n\t<[C 333...]>\n\t<[B 222...]>\n".write(to: after, atomically: true, encoding: .utf8)
        let text = try navgraph(["diff", before.path, after.path])
        let json = try navgraph(["diff", "--format", "json", before.path, after.path])
        let moved = try #require((jsonObject(json.stdout)?["moved"] as? [[String: Any]])?.first)
        let from = try #require(moved["from"] as? [String: Any])
        let to = try #require(moved["to"] as? [String: Any])
        let line = try #require(text.stdout.split(separator: "\n").first { $0.contains("moved from") })
        #expect(
            line.contains("#\(from["index"] as? Int ?? -1) to") && line.hasSuffix("#\(to["index"] as? Int ?? -1)"),
            "\(line) vs \(moved)")
    }

    @Test func aRootInAnotherWindowIsTheOnlyMoveNotEachModelUnderIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = folder.appendingPathComponent("before.jsonl")
        let after = folder.appendingPathComponent("after.jsonl")
        let stack = """
            {"event":"push","id":"d","type":"Detail","parent":"r"}
            {"event":"push","id":"e","type":"Edit","parent":"r"}

            """
        try (#"{"event":"root","id":"r","type":"Root"}"# + "\n" + stack).write(
            to: before, atomically: true, encoding: .utf8)
        try (#"{"event":"root","id":"r","type":"Root","window":"2"}"# + "\n" + stack).write(
            to: after, atomically: true, encoding: .utf8)
        let text = try navgraph(["diff", before.path, after.path])
        #expect(text.status == 1)
        // Detail and Edit stay where they were (under Root r, #1 and #2): no "moved from Root r #1 to Root r #1".
        #expect(text.stdout == "~ Root r moved from window main #1 to window 2 #1\n")
        let json = try navgraph(["diff", "--format", "json", before.path, after.path])
        #expect((jsonObject(json.stdout)?["moved"] as? [[String: Any]])?.count == 1)
    }

    /// Two files are aligned one node to one node, in place first: a stack holding one value twice is no different
    /// from itself (it showed moves and removals: the last node of a type and id stood for all of them).
    @Test func aFileIsNoDifferentFromItselfWhenAValueRepeats() throws {
        let root = "C0D363A8-5C28-40B3-98E8-3DBE488054BB"
        let home = "2F3CF02F-08FC-4431-ABDD-32685C6D333C"
        func push(_ page: Int) -> String {
            "Navigator \(home) (home) " + NavigatorLog.pushing("Demo.Home.page(\(page))")
        }
        let lines = ["Navigator \(root) (root) configured", "Navigator \(root) (root) adding \(home) (home)"]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try writeLines(lines + [push(1), push(2), push(1), push(2)], to: "repeats.log", in: folder)
        let same = try navgraph(["diff", log.path, log.path])
        #expect(same.status == 0, "\(same.stdout)")
        #expect(same.stdout == "no differences\n")
        // One repeat popped: the last entry goes, not the first of its value.
        let shorter = try writeLines(lines + [push(1), push(2), push(1)], to: "shorter.log", in: folder)
        let popped = try navgraph(["diff", "--format", "json", log.path, shorter.path])
        #expect(popped.status == 1)
        let document = try #require(jsonObject(popped.stdout))
        let removed = try #require(document["removed"] as? [[String: Any]])
        #expect(removed.count == 1)
        #expect(removed.first?["id"] as? String == "page(2)")
        #expect(removed.first?["index"] as? Int == 5)
        #expect((document["moved"] as? [Any])?.isEmpty ?? true)
    }

    /// A model that finished in one file does not stand in for another's node (its place was taken by the finished
    /// model's key, and the node read as a window's root).
    @Test func aFinishedModelDoesNotTakeAnotherFilesNode() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let with = folder.appendingPathComponent("with.log")
        try
            ("[App AAA...]: Started\n[F FFF...]: Started\n[F FFF...]: Finished\n"
            + "<[App AAA...]>\n\t<[X DDD...]>\n\t\t<[Y YYY...]>\n").write(to: with, atomically: true, encoding: .utf8)
        let without = folder.appendingPathComponent("without.log")
        try "[App AAA...]: Started\n<[App AAA...]>\n\t<[X DDD...]>\n".write(
            to: without, atomically: true, encoding: .utf8)
        let run = try navgraph(["diff", without.path, with.path])
        #expect(run.status == 1)
        #expect(run.stdout == "+ Y YYY under X DDD (child)\n", "\(run.stdout)")
    }

    /// A navigator that moved takes its children with it: they are matched under it in place, not to the first node
    /// of their type and id anywhere (home's entry read as moved into it, and one of its own as removed).
    @Test func aMovedNodesChildrenAreMatchedUnderIt() throws {
        let root = "Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root)"
        let home = "Navigator 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home)"
        let x = "Navigator 14B0B829-B671-452F-949A-3F61914D5C25 (x)"
        let push = NavigatorLog.pushing("Demo.D.page(1)")
        let start = [
            "\(root) configured", "\(root) adding 2F3CF02F-08FC-4431-ABDD-32685C6D333C (home)",
            "\(root) adding 7A1D55E0-93B4-4C8E-8F0A-6B2C1D9E4F10 (settings)",
        ]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try writeLines(
            start + [
                "\(home) \(push)",
                "Navigator 7A1D55E0-93B4-4C8E-8F0A-6B2C1D9E4F10 (settings) adding "
                    + "14B0B829-B671-452F-949A-3F61914D5C25 (x)", "\(x) \(push)", "\(x) \(push)",
            ], to: "before.log", in: folder)
        let after = try writeLines(
            start + ["\(home) adding 14B0B829-B671-452F-949A-3F61914D5C25 (x)", "\(x) \(push)", "\(x) \(push)"],
            to: "after.log", in: folder)
        let run = try navgraph(["diff", before.path, after.path])
        #expect(run.status == 1)
        #expect(
            run.stdout == """
                - home root view under home 2F3 (push)
                - D page(1) under home 2F3 (push)
                ~ x 14B moved from settings 7A1 #1 to home 2F3 #1

                """, "\(run.stdout)")
    }
}
