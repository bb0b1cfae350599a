import Foundation

/// Lines of a NavigatorUI log as its default logger prints them, for the tests that write one.
enum NavigatorLog {
    /// The event of a push of the destination printed as `wrapped` (`Demo.Home.page(1)`).
    static func pushing(_ wrapped: String) -> String {
        "pushing(NavigatorUI.AnyNavigationDestination(wrapped: \(wrapped), method: NavigatorUI.NavigationMethod.push))"
    }
}

/// Writes `lines`, each ended by a newline, as the file `name` in `folder`; its URL.
func writeLines(_ lines: [String], to name: String, in folder: URL) throws -> URL {
    let file = folder.appendingPathComponent(name)
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    return file
}
