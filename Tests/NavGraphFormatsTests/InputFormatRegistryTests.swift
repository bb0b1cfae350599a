import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// `InputFormats.all` is what detection, `--input-format` and fuzzing go through: each entry must be findable by
/// its names, and its definition complete.
@Suite("The input format registry", .tags(.memory))
struct InputFormatRegistryTests {
    @Test func namesAndAliasesAreUniqueAndFindTheirFormat() {
        let names = InputFormats.all.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count, "\(names)")
        for format in InputFormats.all {
            #expect(InputFormat(name: format.name) == format)
            for alias in format.aliases { #expect(InputFormat(name: alias) == format) }
            #expect(!format.summary.isEmpty && !format.helpDescription.isEmpty && !format.expectedLines.isEmpty)
            #expect(!format.fuzzSeeds.isEmpty, "\(format) has no fuzz seeds")
        }
        #expect(InputFormat(name: "no-such-format") == nil)
    }

    /// Detection asks the formats in the list's order: a line of each is read as that format, none claimed first by
    /// one before it.
    @Test(arguments: [
        (InputFormat.swiftUINavigation, "[HomeNavigationModel E34...]: Started"),
        (.events, #"{"event":"push","id":"8C1F","type":"DetailModel","parent":"32D0"}"#),
        (.navigationPath, #"["MyApp.Route","{\"detail\":{\"id\":42}}"]"#),
        (.navigator, "Navigator C0D363A8-5C28-40B3-98E8-3DBE488054BB (root) configured"),
        (.swiftDump, "▿ home: MyApp.Router #0\n  - path: 0 elements"),
        (.typedPath, "path: [Shop.Route.list(category: \"shoes\"), Shop.Route.detail(id: 42)]"),
    ])
    func eachFormatIsDetectedFromItsLines(format: InputFormat, text: String) {
        let first = Array(text.split(separator: "\n")[0].utf8)
        #expect(first.withByteLine { InputFormats.detect($0) } == format)
        #expect(read("app output\n" + text + "\n").format == format)
    }

    @Test func aNamedFormatMakesItsReader() {
        let setup = ReaderSetup(diagnostics: DiagnosticCollector(), lenient: true)
        for format in InputFormats.all {
            let reader = format.definition.makeReader(setup)
            #expect(reader.navigationLineCount == 0, "\(format)")
        }
    }
}

/// Library errors say what, where and in which format as data, and in plain words without the command line's
/// options (which `navgraph` adds when it words them).
@Suite("Input errors as data", .tags(.memory))
struct InputErrorDataTests {
    @Test func aNamedFormatWithNoLineOfItCarriesTheFormatAndFile() throws {
        let error = try #require(read("hello\nworld\n", format: .typedPath).error)
        #expect(error == .noLinesOfFormat(.typedPath, path: "test.log", lines: 2))
        #expect((error.path, error.line, error.format) == ("test.log", nil, .typedPath))
        #expect(error.expectedFormats == [.typedPath])
        #expect(error.description.contains(TypedPathFormat.expectedLines))
    }

    @Test func aLookalikeCarriesItsLine() throws {
        let error = try #require(read("hello\n\nimport SwiftUI\nstruct A {}\n").error)
        guard case .looksLike(let what, _, _) = error else {
            Issue.record("expected a lookalike, got \(error)")
            return
        }
        #expect(what.name == "Swift source code")
        #expect((error.path, error.line) == ("test.log", 3))
        #expect(error.expectedFormats == InputFormats.all)
    }

    @Test func noErrorNamesACommandLineOption() {
        let errors: [InputError] = [
            .noNavigationOutput(path: "a.log", lines: 0), .noNavigationOutput(path: "a.log", lines: 3),
            .noLinesOfFormat(.navigator, path: "a.log", lines: 0),
            .noLinesOfFormat(.navigator, path: "a.log", lines: 2),
            .looksLike(.configurationFile, path: "a.log", line: 1), .binaryInput(path: "a.log"),
            .utf16Input(path: "a.log"), .invalidInput(path: "a.log", errors: 2, strict: true),
            .cannotOpen(path: "a.log", reason: "No such file or directory"),
        ]
        for error in errors {
            #expect(!error.description.contains("--"), "\(error.description)")
            #expect(!error.description.contains("error:"), "\(error.description)")
            #expect(error.description.hasPrefix("a.log:"))
        }
    }
}
