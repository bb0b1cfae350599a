import Foundation
import NavGraphCore
import NavGraphFormats
import Testing

@testable import NavGraphConfiguration

/// `.navgraph.yml`: every key read, where each value came from, and every mistake as `file:line: error:`.
@Suite(".navgraph.yml")
struct ConfigurationFileTests {
    private let full = """
        kinds:
          "*Coordinator": stack
          "*TabBar*": tabs
        presentations:
          "*Paywall*": fullScreenCover
        allowed:
          - SessionCacheModel
          - "*Singleton"
          - photo-picker
        dump:
          stack: [routes, "*Path"]
          presentation: [modal, "presented*"]
          selection: [activeTab]
        defaults:
          theme: themes/mine.dot.mustache
          direction: LR
          max-nodes: 300
          strip-suffix: NavigationModel
        """

    @Test func everyKeyIsRead() throws {
        let configuration = try NavGraphConfiguration.parse(full, file: "/project/.navgraph.yml")
        #expect(
            configuration.kindRules.map(\.rule) == [
                ModelKindRule("*Coordinator", kind: .stack),
                ModelKindRule("*TabBar*", kind: .tabs),
                ModelKindRule("*Paywall*", presentation: .fullScreenCover),
            ])
        #expect(
            configuration.kindRules.map(\.origin) == [
                "/project/.navgraph.yml:2", "/project/.navgraph.yml:3",
                "/project/.navgraph.yml:5",
            ])
        // The file's rules come first; the built-in ones still apply after them.
        #expect(configuration.modelKindRules.rule(for: "HomeCoordinator")?.kind == .stack)
        #expect(configuration.modelKindRules.rule(for: "DefaultStackRootNavigationModel")?.kind == .stack)
        #expect(configuration.isAllowed(type: "SessionCacheModel"))
        #expect(configuration.isAllowed(type: "Shop.AuthSingleton"))
        #expect(!configuration.isAllowed(type: "HomeModel"))
        // NavigatorUI's navigators are named with dashes.
        #expect(configuration.isAllowed(type: "photo-picker"))
        #expect(
            configuration.dumpPropertyNames
                == DumpPropertyNames(
                    stack: ["routes", "*Path"],
                    presentation: ["modal", "presented*"],
                    selection: ["activeTab"]))
        #expect(configuration.dumpPropertyNamesOrigin.stack == "/project/.navgraph.yml:11")
        #expect(configuration.defaults.theme?.path == "/project/themes/mine.dot.mustache")
        #expect(configuration.defaults.direction?.value == "LR")
        #expect(configuration.defaults.stripSuffix?.value == "NavigationModel")
        #expect(configuration.defaults.maxNodes?.value == 300)
        #expect(configuration.defaults.maxNodes?.origin == "/project/.navgraph.yml:17")
    }

    @Test(arguments: [
        ("kinds:\n  \"*A\": stack\nkind:\n  B: tabs\n", 3, "unknown key 'kind' in the configuration"),
        ("dump:\n  stacks: [path]\n", 2, "unknown key 'stacks' in 'dump'; expected stack, presentation, selection"),
        ("defaults:\n  colour: red\n", 2, "unknown key 'colour' in 'defaults'"),
        ("kinds:\n  \"Home[0-9]\": stack\n", 2, "bad glob 'Home[0-9]': '[' is not allowed"),
        // A long value is quoted in part (a 100 KB one made a 100 KB message).
        (
            "allowed: [\"" + String(repeating: "[", count: 100_000) + "\"]\n", 1,
            "bad glob '" + String(repeating: "[", count: 79) + "…': '[' is not allowed"
        ),
        ("allowed:\n  - \"\"\n", 2, "an empty glob matches nothing"),
        ("kinds:\n  \"*Root\": screen\n", 2, "'kinds': 'screen' is not a container kind"),
        ("presentations:\n  \"*Paywall\": full screen\n", 2, "'presentations': 'full screen' is not a style name"),
        ("defaults:\n  direction: up\n", 2, "'defaults.direction': 'up' is not a direction; expected TB or LR"),
        ("defaults:\n  max-nodes: -3\n", 2, "'defaults.max-nodes': expected 0 (draw all) or a positive number"),
        (
            "defaults:\n  strip-suffix: Navigation.Model\n", 2,
            "'defaults.strip-suffix': 'Navigation.Model' is not the end of a type name; expected letters, digits or _"
        ),
        ("allowed: SessionCacheModel\n", 1, "'allowed' must be a list"),
        ("kinds:\n  \"*A\": stack\n  \"*A\": tabs\n", 3, "'*A' appears twice in 'kinds'"),
        ("kinds: [a\n", 2, "not valid YAML"),
    ])
    func mistakesAreErrorsAtTheirLine(text: String, line: Int, message: String) {
        #expect {
            _ = try NavGraphConfiguration.parse(text, file: "x.yml")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.line == line && error.message.contains(message)
                && error.file == "x.yml" && error.description.hasPrefix("x.yml:\(line): ")
        }
    }

    /// The YAML parser recurses once a level: a file nested thousands deep overflowed the stack of every command
    /// run below it (exit 139). Refused at its line before any parsing; a real configuration is far from the limit.
    @Test func nestingPastTheLimitIsRefusedAtItsLine() throws {
        let deep: [(String, Int)] = [
            (String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000), 1),
            ("allowed:\n" + String(repeating: "- ", count: 30_000) + "x\n", 2),
            ("a:\n" + (1...500).map { String(repeating: " ", count: $0) + "b:\n" }.joined(), 65),
            ("kinds: {a: [\n" + String(repeating: "{x: [\n", count: 40) + "]}", 32),
        ]
        for (text, line) in deep {
            #expect(
                throws: ConfigurationError(
                    file: "deep.yml", line: line,
                    message: "nested more than 64 levels deep; a configuration is a mapping of sections a few levels "
                        + "deep (see docs/configuration.md)")
            ) { try NavGraphConfiguration.parse(text, file: "deep.yml") }
        }
        // Brackets in quotes and comments are text, not nesting.
        let quoted = "allowed: [\"" + String(repeating: "[", count: 100) + "\"] # " + String(repeating: "{", count: 99)
        #expect(YAMLNesting.firstLineTooDeep(in: quoted) == nil)
        #expect(YAMLNesting.firstLineTooDeep(in: full) == nil)
    }

    @Test func everyMistakeIsKeptInFileOrderAndTheRestIsRead() {
        let text = """
            dump:
              stack: [path, "bad/glob"]
              stacks: [x]
            allowed: [Cache, "*?"]
            kinds:
              A: screen

            """
        #expect {
            _ = try NavGraphConfiguration.parse(text, file: "x.yml")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return ([error.line] + error.following.map(\.line)) == [2, 3, 4, 6]
                && error.description.split(separator: "\n").count == 4
                && error.following[1].message.contains("'*?': '?' is not allowed")
        }
    }

    @Test func emptyFileIsTheBuiltInBehaviour() throws {
        let configuration = try NavGraphConfiguration.parse("", file: "x.yml")
        #expect(configuration.kindRules.isEmpty && configuration.allowed.isEmpty)
        #expect(configuration.dumpPropertyNames == .standard)
    }

    @Test func foundInTheFolderOrAParent() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-config-\(UUID().uuidString)")
        let nested = root.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "allowed: [KeptModel]\n".write(
            to: root.appendingPathComponent(".navgraph.yml"), atomically: true, encoding: .utf8)
        let found = try NavGraphConfiguration.load(directory: nested.path)
        #expect(found.file == root.appendingPathComponent(".navgraph.yml").path)
        #expect(found.shownFile == "../../.navgraph.yml")
        #expect(found.isAllowed(type: "KeptModel"))
        // --config names a file: that one, wherever it is.
        let explicit = root.appendingPathComponent("other.yml")
        try "defaults:\n  max-nodes: 0\n".write(to: explicit, atomically: true, encoding: .utf8)
        #expect(
            try NavGraphConfiguration.load(explicitFile: explicit.path, directory: nested.path).defaults.maxNodes?.value
                == 0)
        // A file that cannot be read says why, in the system's words.
        let missing = root.appendingPathComponent("missing.yml").path
        #expect(
            throws: ConfigurationError(
                file: missing, line: nil, message: "cannot read the configuration: No such file or directory")
        ) {
            _ = try NavGraphConfiguration.load(explicitFile: missing)
        }
        #expect(
            throws: ConfigurationError(
                file: root.path, line: nil, message: "cannot read the configuration: Is a directory")
        ) {
            _ = try NavGraphConfiguration.load(explicitFile: root.path)
        }
        let binary = root.appendingPathComponent("binary.yml")
        try Data([0xFF, 0xFE, 0x0A]).write(to: binary)
        #expect(
            throws: ConfigurationError(
                file: binary.path, line: nil, message: "cannot read the configuration: not UTF-8 text")
        ) {
            _ = try NavGraphConfiguration.load(explicitFile: binary.path)
        }
    }
}
