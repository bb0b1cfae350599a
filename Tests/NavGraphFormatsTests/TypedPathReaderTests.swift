import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// `print(path)` of a typed path, as the real runtime prints it (Fixtures/typed-path/generate.swift).
@Suite("Typed paths", .tags(.memory))
struct TypedPathReaderTests {
    @Test func theGeneratedSessionReadsAsItWasPushed() throws {
        let result = try read(file: generatedFixture("typed-path", "session.log"))
        #expect(result.error == nil)
        #expect(result.format == .typedPath)
        #expect(result.diagnostics.filter { $0.severity != .note }.isEmpty)
        #expect(
            steps(result) == [
                "push NavigationStack root view", #"push Shop.Route list(category: "shoes")"#,
                "push Shop.Route detail(id: 42)", #"push Shop.Route item(Item(name: "Sneaker \"Air\"", n: 1))"#,
                "pop 1", #"push Shop.Route tab(Tab.search(query: "red\nshoes"))"#,
                #"push Shop.Route note("café ☕", pinned: nil)"#, #"push Shop.Route note("x", pinned: Optional(true))"#,
                "pop 3", "push Shop.Route settings", "pop 3", "push Shop.Route detail(id: 7)",
                "push Shop.Route detail(id: 7)#2", "pop 2",
            ])
        // Every way the app printed it: plain, labelled, interpolated, debugPrint; the first `[]` is before the
        // format is known.
        #expect(result.skipped == [1, 2])
    }

    @Test func privateTypesAndStructs() throws {
        let promos = try read(file: generatedFixture("typed-path", "private.log"))
        #expect(
            steps(promos) == [
                "push NavigationStack root view", "push Shop.Promo banner(3)", "push Shop.Promo banner(4)", "pop 1",
            ])
        let items = try read(file: generatedFixture("typed-path", "structs.log"))
        #expect(
            steps(items) == [
                "push NavigationStack root view", #"push Shop.Item (name: "Hat", n: 2)"#,
                #"push Shop.Item (name: "Scarf, wool", n: 1)"#, "pop 2",
            ])
    }

    @Test func whatIsATypedPathLine() {
        let yes = [
            #"[Shop.Route.list(category: "shoes"), Shop.Route.detail(id: 42)]"#,
            "path: [Shop.Route.settings]", "App[42:7] path: [Shop.Route.settings]\r",
            "[Shop.Box<Swift.Int>.Inner.x, Shop.(unknown context at $1f).Promo.banner(3)]",
            #"[Shop.Route.note("a ) ] \" [", pinned: nil)]"#,
        ]
        for line in yes {
            #expect(Array(line.utf8).withByteLine { TypedPathReader.recognizes($0) }, "\(line)")
        }
        let no = [
            "[]", "path: []", "[HomeNavigationModel E34...]: Started", "<[AppNavigationModel 667...]>",
            #"["MyApp.Route","{}"]"#, "[1, 2]", "[Route.detail]x", "[Shop.Route.a(]", "subsequentItems: [],",
            "[CodableItemBox (Hello)]", "tokens: [swift, ui]", "[Shop.Route.a,Shop.Route.b]",
        ]
        for line in no {
            #expect(!Array(line.utf8).withByteLine { TypedPathReader.recognizes($0) }, "\(line)")
        }
    }

    @Test func anEmptyArrayIsAStateOnlyWhenLabelledAsThePath() {
        let result = read(
            """
            items: [Shop.Item(name: "a", n: 1)]
            favorites: []
            items: []
            """)
        #expect(steps(result) == ["push NavigationStack root view", #"push Shop.Item (name: "a", n: 1)"#, "pop 1"])
        #expect(result.skipped == [2])
    }

    @Test func longValuesAreCutWithADigest() {
        let long = String(repeating: "x", count: 80)
        let result = read("[Shop.Route.note(\"\(long)\"), Shop.Route.note(\"\(long)y\")]\n")
        let ids = steps(result).dropFirst()
        #expect(ids.count == 2 && Set(ids).count == 2)
        #expect(ids.allSatisfy { $0.contains("…~") })
    }

    /// Random lines near the shape (brackets, parentheses, quotes, escapes, private contexts, generics, non-ASCII):
    /// whatever is found is a list of elements that each read as a type and a label, and no line traps.
    @Test func randomLinesNearTheShape() {
        let pieces = [
            "[", "]", "(", ")", "Shop", ".", "Route", "detail", "id: ", "42", ", ", "\"", "\\", "\\\"", "<", ">",
            "(unknown context at $1f)", "é", "Item", "path: ", " ", "\r", "nil", "Optional(", "x",
        ]
        var state: UInt64 = 27
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var found = 0
        for _ in 0..<30_000 {
            var text = "["
            for _ in 0..<next(12) { text += pieces[next(pieces.count)] }
            text += next(2) == 0 ? "]" : ")]"
            let bytes = Array(text.utf8)
            bytes.withByteLine { line in
                guard let path = TypedPathState.find(in: line) else { return }
                found += 1
                for element in path.elements {
                    #expect(!element.isEmpty && element.upperBound <= line.count, "\(text.debugDescription)")
                    let read = TypedPathElement(line.slice(element))
                    #expect(!read.name.type.isEmpty, "\(text.debugDescription)")
                }
            }
        }
        #expect(found > 100)
    }
}
