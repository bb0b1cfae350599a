import Foundation
import NavGraphCore
import NavGraphTestSupport
import Testing

@testable import NavGraphFormats

/// NavigationPath JSON as the real runtime writes it (Fixtures/navigation-path/generate.swift): values re-encoded with
/// their keys in another order, private and local types, NavigationBackport's mangled names.
@Suite("NavigationPath JSON from the real runtime", .tags(.memory))
struct NavigationPathRuntimeTests {
    /// What both fixtures read as: the same steps, whatever the names look like in the JSON.
    private let expectedSteps = [
        "push NavigationStack root view", #"push Recipes.Route category(name: "Desserts")"#,
        "push Recipes.Route recipe(id: 42)",
        #"push Recipes.Timer (label: "Crème brûlée", minutes: 25, sound: tru…~a0d7"#,
        #"push Recipes.Secret (code: 7, hint: "top shelf")"#, "pop 1",
        #"push Recipes.Note (pinned: false, text: "buy \"vanilla\"")"#, "pop 2", "push Recipes.Route step(1)", "pop 1",
        "push Recipes.Route step(2)", "push Swift.Int 42", #"push Swift.String "done""#, "pop 5",
    ]

    @Test(arguments: ["session.log", "backport.log"])
    func theGeneratedSessionReadsAsItWasPushed(name: String) throws {
        let result = try read(file: generatedFixture("navigation-path", name))
        #expect(result.error == nil)
        #expect(result.diagnostics.filter { $0.severity != .note }.isEmpty, "\(result.diagnostics)")
        #expect(result.format == .navigationPath)
        #expect(steps(result) == expectedSteps)
        #expect(result.hierarchy.nodes["navigationpath"]?.children.count == 1)
    }

    /// The Timer of line 6 is the Timer of line 5 encoded again with its keys in another order: no step.
    @Test func aValueEncodedWithItsKeysInAnotherOrderIsTheSameEntry() throws {
        let text = try String(contentsOf: generatedFixture("navigation-path", "session.log"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[4] != lines[5], "the fixture must hold the same path encoded two ways")
        let result = read(lines[4] + "\n" + lines[5] + "\n")
        #expect(result.errors.isEmpty)
        #expect(!result.events.contains { if case .pop = $0.action { true } else { false } })
        #expect(result.events.filter { $0.line == 2 }.isEmpty)
    }

    @Test func keyOrderAndEscapesDoNotMakeAnotherEntry() {
        let result = read(
            #"""
            path: ["A.T","{\"a\":1,\"b\":{\"x\":\"\\u00e9\",\"y\":[1,{\"q\":2,\"p\":3}]}}"]
            path: ["A.T","{\"b\":{\"y\":[1,{\"p\":3,\"q\":2}],\"x\":\"é\"},\"a\":1}"]
            path: ["A.T","{\"b\":{\"y\":[{\"p\":3,\"q\":2},1],\"x\":\"é\"},\"a\":1}"]
            """#)
        #expect(result.errors.isEmpty)
        // Lines 1 and 2 are one value; line 3's array is in another order: another value.
        #expect(steps(result).count == 2 + 2)
        #expect(result.events.filter { $0.line == 2 }.isEmpty)
        #expect(result.events.contains { $0.line == 3 && $0.action == .pop(parent: "navigationpath", count: 1) })
    }

    @Test func privateAndLocalTypesAreReadAndNamedWithoutTheirContext() {
        let result = read(
            """
            ["MyApp.Route","{\\"home\\":{}}"]
            ["MyApp.(unknown context at $10a5b1c2c).Secret","{\\"code\\":7}","MyApp.Route","{\\"home\\":{}}"]
            ["MyApp.(unknown context at $1).(unknown context at $2).Note","{}","MyApp.Route","{\\"home\\":{}}"]
            ["MyApp.Route","{\\"home\\":{}}"]
            """)
        #expect(result.errors.isEmpty)
        #expect(result.skipped.isEmpty)
        #expect(
            steps(result) == [
                "push NavigationStack root view", "push MyApp.Route home", "push MyApp.Secret (code: 7)", "pop 1",
                "push MyApp.Note ()", "pop 1",
            ])
    }

    @Test func mangledNamesAreDemangledByTheRuntime() {
        #expect(SwiftTypeName.demangled("7Recipes5RouteO") == "Recipes.Route")
        #expect(SwiftTypeName.demangled("11nav_codable4UserV") == "nav_codable.User")
        #expect(SwiftTypeName.demangled("Si") == "Swift.Int")
        #expect(SwiftTypeName.demangled("SaySiG") == "Swift.Array<Swift.Int>")
        #expect(SwiftTypeName.readable("7Recipes13$55fe1d1e75acyXZ6SecretV") == "Recipes.Secret")
        for notMangled in ["Recipes.Route", "User", "2024", "2fa", "7Recipes", "7Recipes5Route", "Sandwich", ""] {
            #expect(SwiftTypeName.demangled(notMangled) == nil, "\(notMangled)")
        }
        // The runtime's own name for a type, demangled back (verifies the declaration against this runtime).
        #expect(
            SwiftTypeName.demangled(_mangledTypeName(NavigationPathRuntimeTests.self)!)
                == "NavGraphFormatsTests.NavigationPathRuntimeTests")
    }

    @Test func aMangledNameDetectsTheFormatAloneOnlyWhenItDemangles() {
        let pretty = read("[\n  \"7Recipes5RouteO\",\n  \"{\\\"home\\\":{}}\"\n]\n")
        #expect(pretty.format == .navigationPath)
        #expect(steps(pretty) == ["push NavigationStack root view", "push Recipes.Route home"])
        let numbers = read("[\n  \"2024\",\n  \"1\"\n]\n")
        #expect(numbers.format == nil)
    }
}
