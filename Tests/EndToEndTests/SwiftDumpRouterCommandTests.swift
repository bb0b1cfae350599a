import Foundation
import NavGraphTestSupport
import Testing

/// `dump()` of routers as apps declare them (`@Observable`, `@Published`, a base class, a `NavigationPath`), read with
/// the default settings through the CLI. The fixtures are real output: `Fixtures/swift-dump/generate`.
@Suite("Swift dump() of routers as apps declare them, through the CLI")
struct SwiftDumpRouterCommandTests {
    static let fixtures = [
        "observable-router.txt", "published-router.txt", "inherited-router.txt", "navigation-path-router.txt",
    ]

    private func fixture(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Tests/NavGraphFormatsTests/Fixtures/swift-dump/\(name)").path
    }

    @Test func observableRouterTreeAtAStep() throws {
        let run = try navgraph(["tree", "--at", "5", fixture("observable-router.txt")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(
            run.stdout == """
                window main
                AppRouter root [tabs]
                ├─ Router home [stack] tab 1 (selected)
                │  ├─ Route list(category: "shoes")
                │  ├─ Route product(Product(id: 42, name: "Runner"))
                │  └─ Sheet compose(draft: nil) ⇡sheet
                └─ Router settings [stack] tab 2

                """)
    }

    /// One step per navigation change; the dump after a change that is not navigation (a badge, the registrars'
    /// state) is a step with no change.
    @Test func observableRouterHistory() throws {
        let run = try navgraph(["history", fixture("observable-router.txt")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                     1  line 1       dump of window main (3 nodes): all new
                     2  line 1       select tab Router home of root
                     3  line 114     dump of window main (4 nodes): push Route list(category: "shoes") onto stack home
                     4  line 230     dump of window main (5 nodes): push Route product(Product(id: 42, name: "Runner")) onto stack home
                     5  line 350     dump of window main (6 nodes): present Sheet compose(draft: nil) as sheet on stack home
                     6  line 473     dump of window main (6 nodes): no change
                     7  line 626     dump of window main (6 nodes): no change
                     8  line 626     select tab Router settings of root
                     9  line 749     dump of window main (7 nodes): push Route account onto stack settings
                    10  line 873     dump of window main (7 nodes): no change
                    11  line 873     select tab Router home of root
                    12  line 997     dump of window main (6 nodes): 1 gone: Sheet compose(draft: nil)
                    13  line 1118    dump of window main (5 nodes): 1 gone: Route product(Product(id: 42, name: "Runner"))

                """)
    }

    /// `--verbose` shows every property as declared (`badgeCount`), never the registrar.
    @Test func theRegistrarIsNotVerboseNoise() throws {
        let run = try navgraph(["tree", "--verbose", "--at", "5", fixture("observable-router.txt")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("badgeCount 0"))
        for text in [run.stdout, run.stderr] {
            #expect(!text.contains("bservation") && !text.contains("extent") && !text.contains("_badgeCount"))
        }
    }

    @Test func publishedRouterTreeAndHistory() throws {
        let tree = try navgraph(["tree", "--at", "8", fixture("published-router.txt")])
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(
            tree.stdout == """
                window main
                ShopRouter root [tabs]
                ├─ TabRouter home [stack] tab 1
                │  ├─ Route list(category: "shoes")
                │  ├─ Route detail(id: 42)
                │  └─ Sheet share(url: "https://example.com/42") ⇡sheet
                └─ TabRouter settings [stack] tab 2 (selected)
                   └─ Route account

                """)
        let history = try navgraph(["history", fixture("published-router.txt")])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(
            history.stdout == """
                     1  line 1       dump of window main (3 nodes): all new
                     2  line 1       select tab TabRouter home of root
                     3  line 43      dump of window main (4 nodes): push Route list(category: "shoes") onto stack home
                     4  line 88      dump of window main (5 nodes): push Route detail(id: 42) onto stack home
                     5  line 136     dump of window main (6 nodes): present Sheet share(url: "https://example.com/42") as sheet on stack home
                     6  line 196     dump of window main (6 nodes): no change
                     7  line 196     select tab TabRouter settings of root
                     8  line 265     dump of window main (7 nodes): push Route account onto stack settings
                     9  line 344     dump of window main (6 nodes): 1 gone: Route account
                    10  line 422     dump of window main (6 nodes): no change
                    11  line 422     select tab TabRouter home of root
                    12  line 500     dump of window main (5 nodes): 1 gone: Sheet share(url: "https://example.com/42")

                """)
    }

    @Test func inheritedRouterTreeAndHistory() throws {
        let tree = try navgraph(["tree", "--at", "10", fixture("inherited-router.txt")])
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(
            tree.stdout == """
                window main
                CatalogRouter catalog [stack]
                └─ Route list(category: "shoes")

                window cart
                CartRouter cart [stack]
                ├─ Route product(Product(id: 7, name: "Socks"))
                └─ Sheet compose(draft: "gift note") ⇡sheet

                """)
        let history = try navgraph(["history", fixture("inherited-router.txt")])
        #expect(
            history.stdout.split(separator: "\n").map { $0.split(separator: ":", maxSplits: 1).last ?? "" } == [
                " all new", " push Route list(category: \"shoes\") onto stack catalog", " no change",
                " push Route detail(id: 42) onto stack catalog",
                " present Sheet share(url: \"https://example.com/42\") as sheet on stack catalog",
                " 1 gone: Sheet share(url: \"https://example.com/42\")", " 1 gone: Route detail(id: 42)", " all new",
                " push Route product(Product(id: 7, name: \"Socks\")) onto stack cart",
                " present Sheet compose(draft: \"gift note\") as sheet on stack cart",
                " 2 gone: Route product(Product(id: 7, name: \"Socks\")), Sheet compose(draft: \"gift note\")",
            ])
    }

    @Test func navigationPathRouterTree() throws {
        let run = try navgraph(["tree", "--at", "9", fixture("navigation-path-router.txt")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                window main
                PathRouter home [stack]
                ├─ Route (boxed)
                └─ Product (boxed)

                window restored
                PathRouter restored [stack]
                ├─ Route {"list":{"category":"shoes"}}
                ├─ Int 42
                └─ Route (boxed)

                """)
        let history = try navgraph(["history", "--steps", "2..4", fixture("navigation-path-router.txt")])
        #expect(
            history.stdout == """
                     2  line 18      dump of window main (2 nodes): push Route (boxed) onto stack home
                     3  line 41      dump of window main (3 nodes): push Product (boxed) onto stack home
                     4  line 70      dump of window main (4 nodes): push Promotion (boxed) onto stack home

                """)
    }

    /// Fed through a pipe a line at a time, as a console delivers an app's output: the same history and final tree
    /// as the whole input read at once.
    @Test(arguments: fixtures)
    func aLineAtATimeReadsAsTheWholeFile(name: String) async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture(name)))
        let text = String(decoding: data, as: UTF8.self)
        let writes = SplitWrites(data, pattern: .lines, seed: 27).withoutPauses
        for arguments in [["history", "--format", "json"], ["tree", "--format", "json"]] {
            let whole = try navgraph(arguments, stdin: text, environment: ["NO_COLOR": "1"])
            #expect(whole.status == 0, "\(name): \(whole.stderr)")
            let piped = try await navgraphPiped(arguments, writes: writes)
            #expect(piped.status == whole.status, "\(name) \(arguments)")
            #expect(piped.stdout == whole.stdout, "\(name) \(arguments)")
            #expect(piped.stderr == whole.stderr, "\(name) \(arguments)")
        }
    }
}
