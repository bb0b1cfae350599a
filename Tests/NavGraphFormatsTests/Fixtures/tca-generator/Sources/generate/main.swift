import Foundation

// `generate stack` prints the stack session's log on standard output and, on standard error, what the app showed
// after each action (worked out from the state itself, not from the log).
func run<S, A>(_ make: () -> Session<S, A>) {
    let session = make()
    FileHandle.standardError.write(session.expected.data(using: .utf8)!)
}
switch CommandLine.arguments.dropFirst().first {
case "stack": run(stackSession)
case "tabs": run(tabsSession)
default:
    FileHandle.standardError.write("usage: generate stack|tabs\n".data(using: .utf8)!)
    exit(2)
}
