import Testing
import NavGraphCore
@testable import NavGraphRender

@Suite("Renderer output for the examples")
struct RendererGoldenTests {
    @Test(arguments: exampleNames)
    func textTree(example: String) throws {
        let hierarchy = try exampleHierarchy(example)
        expectGolden(try TextTreeRenderer().render(hierarchy), "\(example).tree.txt")
    }

    @Test func asciiAndColor() throws {
        let hierarchy = try exampleHierarchy("session.log")
        expectGolden(try TextTreeRenderer(style: TerminalStyle(ascii: true)).render(hierarchy), "session.log.tree-ascii.txt")
        let colored = try TextTreeRenderer(style: TerminalStyle(color: true)).render(hierarchy)
        expectGolden(colored, "session.log.tree-color.txt")
        #expect(colored.contains("\u{1B}[36m[switch]\u{1B}[0m"))
    }

    @Test(arguments: exampleNames)
    func json(example: String) throws {
        let hierarchy = try exampleHierarchy(example)
        expectGolden(try JSONRenderer().render(hierarchy), "\(example).json")
    }

    @Test(arguments: exampleNames)
    func dot(example: String) throws {
        let hierarchy = try exampleHierarchy(example)
        expectGolden(try DOTRenderer().render(hierarchy), "\(example).dot")
    }

    @Test func dotWithoutLegendLeftToRight() throws {
        let hierarchy = try exampleHierarchy("launch-dump.txt")
        let dot = try DOTRenderer(direction: .LR, legend: false).render(hierarchy)
        #expect(dot.contains("rankdir=LR"))
        #expect(!dot.contains("legend"))
    }

    @Test func emptyHierarchySaysWhy() throws {
        var hierarchy = Hierarchy()
        hierarchy.apply(NavEvent(.start(ModelRef(key: "a", id: "E34", type: "HomeNavigationModel"), kind: nil), line: 3))
        let text = try TextTreeRenderer().render(hierarchy)
        #expect(text.contains("No hierarchy in the input: no printDebugGraph() dump"))
        #expect(text.contains("HomeNavigationModel E34  started line 3"))
        let json = try JSONRenderer().render(hierarchy)
        #expect(json == """
            {
              "roots": [],
              "unplaced": [
                {"id": "E34", "type": "HomeNavigationModel"}
              ],
              "suspected": [],
              "leaked": []
            }

            """)
    }
}
