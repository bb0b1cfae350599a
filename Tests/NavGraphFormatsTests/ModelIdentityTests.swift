import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

@Suite("Pairing lines to models by type and id prefix", .tags(.memory))
struct ModelIdentityTests {
    @Test func startedAfterADumpBindsToTheListedModel() {
        let result = read(
            """
            <[AppNavigationModel 667...]>
            \t<[HomeNavigationModel E34...]>
            [HomeNavigationModel E34...]: Started
            """)
        let hierarchy = result.hierarchy
        #expect(hierarchy.lifecycles.count == 1)
        #expect(hierarchy.lifecycles.values.first?.lastPlacement != nil)
        #expect(hierarchy.unplacedModels.isEmpty)
    }

    @Test func twoLiveModelsSharingAPrefixGetASuffixAndANote() {
        let result = read(
            """
            [DetailNavigationModel E34...]: Started
            [DetailNavigationModel E34...]: Started
            """)
        let ids = result.hierarchy.unplacedModels.map(\.model.id)
        #expect(ids == ["E34", "E34#2"])
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].severity == .note)
        #expect(result.diagnostics[0].line == 2)
    }

    @Test func finishedPrefersTheModelNoLongerInADump() {
        let result = read(
            """
            [DetailNavigationModel E34...]: Started
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            [DetailNavigationModel E34...]: Started
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            [DetailNavigationModel E34...]: Finished
            """)
        // The second dump lists one E34: the one under the same parent as before, so the new one is not placed.
        // The Finished goes to the unplaced one, and the placed one stays.
        let hierarchy = result.hierarchy
        #expect(hierarchy.preorder(window: "main").map(\.node.model.id) == ["1A1", "E34"])
        #expect(hierarchy.lifecycles.count == 1)
    }

    /// A dump line with two live candidates: the ranking picks the one under the same parent as before, else one
    /// shown before, else the oldest, and says so only when the pick could be wrong.
    @Test func aDumpLineWithTwoCandidatesIsPairedByRankAndNotedOnlyWhenItMatters() {
        // Both placed before under the same parent, both gone from the last dump: a tie between placed models.
        let tie = read(
            """
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            \t<[DetailNavigationModel E34...]>
            [DetailNavigationModel E34...]: Started
            [DetailNavigationModel E34...]: Started
            <[StackRootNavigationModel 1A1...]>
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            """)
        #expect(tie.diagnostics.map(\.line) == [8])
        #expect(tie.hierarchy.preorder(window: "main").map(\.node.model.id) == ["1A1", "E34"])
        // Neither placed before: interchangeable, so no note, and the oldest is taken.
        let fresh = read(
            """
            [DetailNavigationModel E34...]: Started
            [DetailNavigationModel E34...]: Started
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            """)
        #expect(fresh.diagnostics.map(\.line) == [2])  // only the Started that made the second E34
        #expect(fresh.hierarchy.preorder(window: "main").map(\.node.model.id) == ["1A1", "E34"])
        // One was under this parent before: it wins, nothing to note.
        let ranked = read(
            """
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            [DetailNavigationModel E34...]: Started
            [DetailNavigationModel E34...]: Started
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            """)
        #expect(ranked.diagnostics.map(\.line) == [4])
        #expect(ranked.hierarchy.preorder(window: "main").map(\.node.model.id) == ["1A1", "E34"])
        // Same class, the oldest placed before and the other never: not interchangeable, so noted.
        let mixed = read(
            """
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            [DetailNavigationModel E34...]: Started
            [DetailNavigationModel E34...]: Started
            <[StackRootNavigationModel 1A1...]>
            <[StackRootNavigationModel 1A1...]>
            \t<[OtherNavigationModel 0B0...]>
            \t\t<[DetailNavigationModel E34...]>
            """)
        #expect(mixed.diagnostics.map(\.line) == [4, 8])
        // The same parent outranks having been in the last dump.
        let parentFirst = read(
            """
            <[AppNavigationModel 667...]>
            \t<[FirstNavigationModel AAA...]>
            \t\t<[DetailNavigationModel E34...]>
            \t<[SecondNavigationModel BBB...]>
            \t\t<[DetailNavigationModel E34...]>
            [DetailNavigationModel E34...]: Started
            [DetailNavigationModel E34...]: Started
            <[AppNavigationModel 667...]>
            \t<[FirstNavigationModel AAA...]>
            \t<[SecondNavigationModel BBB...]>
            \t\t<[DetailNavigationModel E34...]>
            <[AppNavigationModel 667...]>
            \t<[FirstNavigationModel AAA...]>
            \t\t<[DetailNavigationModel E34...]>
            \t<[SecondNavigationModel BBB...]>
            """)
        #expect(parentFirst.hierarchy.preorder(window: "main").map(\.node.model.id) == ["667", "AAA", "E34", "BBB"])
    }

    /// Older logs print whole UUIDs: ids that share their first 8 bytes are still different models, shown in full.
    @Test func longIDsSharingTheirStartAreDifferentModels() {
        let result = read(
            """
            <[AppNavigationModel 66700001-0007-4001-8003-000000001EEF]>
            \t<[DetailNavigationModel 8C1F0000-0000-4000-8000-00000000000A]>
            \t<[DetailNavigationModel 8C1F0000-0000-4000-8000-00000000000B]>
            [DetailNavigationModel 8C1F0000-0000-4000-8000-00000000000B]: Started
            [DetailNavigationModel 8C1F0000-0000-4000-8000-00000000000C]: Started
            """)
        #expect(result.diagnostics.isEmpty)
        let hierarchy = result.hierarchy
        #expect(
            hierarchy.preorder(window: "main").map(\.node.model.id) == [
                "66700001-0007-4001-8003-000000001EEF", "8C1F0000-0000-4000-8000-00000000000A",
                "8C1F0000-0000-4000-8000-00000000000B",
            ])
        #expect(
            hierarchy.lifecycles.values.map(\.model.id).sorted() == [
                "8C1F0000-0000-4000-8000-00000000000B", "8C1F0000-0000-4000-8000-00000000000C",
            ])
        #expect(hierarchy.unplacedModels.map(\.model.id) == ["8C1F0000-0000-4000-8000-00000000000C"])
    }

    @Test func aPrefixCanBeReusedAfterFinished() {
        let result = read(
            """
            [DetailNavigationModel E34...]: Started
            [DetailNavigationModel E34...]: Finished
            [DetailNavigationModel E34...]: Started
            """)
        let keys = result.events.compactMap { event -> String? in
            switch event.action {
            case .start(let model, _), .finish(let model, _): model.key
            default: nil
            }
        }
        #expect(keys[0] == keys[1])
        #expect(keys[2] != keys[0])
        #expect(result.hierarchy.unplacedModels.map(\.model.id) == ["E34"])
    }

    /// A name's group is freed when its last model finishes, and its place taken by the next new name: lines of
    /// either name then pair with their own models only.
    @Test func aFreedNamesPlaceServesTheNextNameAlone() {
        let result = read(
            """
            [DetailNavigationModel E34...]: Started
            [DetailNavigationModel E34...]: Finished
            [SheetNavigationModel B80...]: Started
            [DetailNavigationModel E34...]: Finished
            [SheetNavigationModel B80...]: Finished
            [SheetNavigationModel B80...]: Started
            """)
        let models = result.events.compactMap { event -> ModelRef? in
            switch event.action {
            case .start(let model, _), .finish(let model, _): model
            default: nil
            }
        }
        #expect(
            models.map(\.type) == [
                "DetailNavigationModel", "DetailNavigationModel", "SheetNavigationModel", "DetailNavigationModel",
                "SheetNavigationModel", "SheetNavigationModel",
            ])
        #expect(models[1].key == models[0].key)
        // A Finished with no live model of its name is a model of its own, not the one in the freed place.
        #expect(Set(models[2...3].map(\.key) + [models[0].key]).count == 3)
        #expect(models[4].key == models[2].key)
        #expect(!models[0...4].map(\.key).contains(models[5].key))
        #expect(result.hierarchy.unplacedModels.map(\.model.id) == ["B80"])
    }

    @Test func sameTypeAndPrefixTwiceInOneDumpAreTwoModels() {
        let result = read(
            """
            <[StackRootNavigationModel 1A1...]>
            \t<[DetailNavigationModel E34...]>
            \t<[DetailNavigationModel E34...]>
            """)
        #expect(result.snapshots[0].entries.map(\.model.id) == ["1A1", "E34", "E34#2"])
    }
}

/// A dump line is paired through the previous dump when the model there is still the only live one of its name;
/// that shortcut must pair every line exactly as the full ranking does.
@Suite("Pairing dump lines through the previous dump", .tags(.memory))
struct PreviousDumpHintTests {
    private func events(_ text: String, hints: Bool) -> ([NavEvent], [String]) {
        let diagnostics = DiagnosticCollector()
        var reader = SwiftUINavigationReader(diagnostics: diagnostics)
        reader.usesPreviousDumpHints = hints
        var events: [NavEvent] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            Array(line.utf8).withByteLine {
                reader.read($0, info: LineSource.LineInfo(number: index + 1, truncated: false), into: &events)
            }
        }
        reader.finish(into: &events)
        // Kinds are inferred where the events are consumed, in order.
        for index in events.indices { reader.completion?.complete(&events[index]) }
        return (events, diagnostics.diagnostics.map { "\($0.line ?? 0) \($0.message)" })
    }

    /// Dumps that grow, shrink, reorder and reuse prefixes (three types, four prefixes: collisions all the time),
    /// with models starting and finishing in between.
    @Test func hintsPairExactlyAsTheFullRanking() {
        var state: UInt64 = 99
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let types = ["StackNavigationModel", "DetailNavigationModel", "SheetNavigationModel"]
        let ids = ["E34", "A0B", "E34", "7F1", "C2D"]
        var lines = ["<[AppNavigationModel 667...]>"]
        var dump: [(depth: Int, name: String)] = []
        for _ in 0..<3_000 {
            switch next(6) {
            case 0, 1:
                // Change the dump a little, then print it whole.
                if !dump.isEmpty, next(2) == 0 || dump.count > 25 { dump.remove(at: next(dump.count)) }
                let depth = 1 + (dump.last.map { min($0.depth, next($0.depth + 1)) } ?? 0)
                dump.insert((depth, "\(types[next(types.count)]) \(ids[next(ids.count)])"), at: next(dump.count + 1))
                var previousDepth = 0
                lines.append("<[AppNavigationModel 667...]>")
                for line in dump {
                    let depth = min(line.depth, previousDepth + 1)
                    lines.append(String(repeating: "\t", count: depth) + "<[\(line.name)...]>")
                    previousDepth = depth
                }
            case 2, 3:
                lines.append("[\(types[next(types.count)]) \(ids[next(ids.count)])...]: Started")
            case 4:
                lines.append("[\(types[next(types.count)]) \(ids[next(ids.count)])...]: Finished")
            default:
                lines.append("[Analytics] something else")
            }
        }
        let text = lines.joined(separator: "\n")
        let withHints = events(text, hints: true)
        let withoutHints = events(text, hints: false)
        #expect(withHints.0 == withoutHints.0)
        #expect(withHints.1 == withoutHints.1)
        #expect(withHints.0.count > 1_000)
    }
}
