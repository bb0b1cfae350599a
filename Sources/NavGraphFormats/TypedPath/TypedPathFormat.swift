/// `print(path)` / `debugPrint(path)` of a typed path (`[Route]`): `[Shop.Route.detail(id: 42)]`, one state per line.
public enum TypedPathFormat: InputFormatDefinition {
    public static let name = "typed-path"
    public static let summary = "print() of a typed path"
    public static let helpDescription =
        "print(path) or debugPrint(path) of a typed path ([Route]), one state per line"
    public static let expectedLines =
        "an array of module-qualified values on one line, after any label, such as "
        + "'path: [Shop.Route.list(category: \"shoes\"), Shop.Route.detail(id: 42)]'"
    public static let lifecycleAdvice =
        "a typed path holds values, not models with a lifetime; log navigation as navgraph-events, with a start "
        + "event when a model is created and a finish event when it is deallocated"
    public static let fuzzSeeds = ["Tests/NavGraphFormatsTests/Fixtures/typed-path/*.log"]

    public static func recognizes(_ line: ByteLine) -> Bool { TypedPathReader.recognizes(line) }

    public static func makeReader(_ setup: ReaderSetup) -> any NavigationReader {
        TypedPathReader(diagnostics: setup.diagnostics)
    }
}

extension InputFormat {
    public static let typedPath = InputFormat(TypedPathFormat.self)
}
