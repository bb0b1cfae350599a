import Foundation

/// Copies the app's own standard output and standard error into a file, while they still reach where they went
/// before (Xcode's console, a terminal, a pipe).
///
/// What an app prints about its navigation — SwiftUINavigation's debug output, TCA's `_printChanges()`,
/// NavigatorUI's default logger, `dump` and `print(path)`, the recorder's ``RecordingSink/standardOutput`` — goes to
/// standard output only, and nothing records standard output in a UI test run. With the capture on, a UI test hands
/// the app a path in `launchEnvironment["NAVGRAPH_LOG"]` and gets the app's console back as a file, one per launch,
/// for `navgraph leaks`:
///
/// ```swift
/// @main
/// struct ShopApp: App {
///     init() {
///         #if DEBUG
///             ConsoleCapture.startFromEnvironment()  // NAVGRAPH_LOG=/path/to/file
///         #endif
///     }
///     var body: some Scene { WindowGroup { RootView() } }
/// }
/// ```
///
/// How: fd 1 and fd 2 are replaced by pipes (`dup2`), and a thread of the capture's own writes every chunk read from
/// them to the original destination at once, then appends its whole lines to the file with `write(2)`. Standard output
/// is made line-buffered, as it is on a terminal, so each `print` reaches the console and the file when it ends its
/// line, and the copy thread writes each chunk as it comes: an app killed at the end of a UI test loses only what it
/// wrote in the last moment. Lines of one stream keep their
/// order, as written (`print`, `FileHandle`, `printf` alike); lines of standard output and standard error are whole in
/// the file, not marked, each in the order the capture read them. The file is appended to (created 0644 when
/// missing). ``stop()`` — or the app's `exit`, through `atexit` — writes what is left and restores the descriptors.
///
/// The capture never stops the app: when the file cannot be opened, ``startFromEnvironment(_:)`` says so once on
/// standard error and leaves the output as it was; when a write to the file fails later (a full disk), it says so
/// once and goes on copying to the console only. It uses Foundation and the C library only and works on iOS 16,
/// macOS 13, tvOS 16, watchOS 9, visionOS 1 and Linux. `os_log`/`Logger` messages do not go through standard output
/// or error: read those with `log stream`.
public final class ConsoleCapture: Sendable {
    /// `NAVGRAPH_LOG`: the environment variable ``startFromEnvironment(_:)`` reads the file's path from.
    public static let environmentVariable = "NAVGRAPH_LOG"

    /// The file the console is copied to, as given.
    public let path: String

    private let copier: ConsoleCopier
    /// Whether `stop()` has finished; held while it runs, so a second caller waits for the first.
    private let stopped = LockedState(false)

    /// The capture that owns fd 1 and fd 2 now, if any: there can be only one in a process.
    private static let running = LockedState<ConsoleCapture?>(nil)
    /// Serializes starting, which stops the running capture first.
    private static let starting = LockedState(())
    /// The `atexit` handler is registered once, by the first capture started.
    private static let stopsAtExit: Void = Platform.runAtExit { ConsoleCapture.stopRunning() }

    private init(path: String, copier: ConsoleCopier) {
        self.path = path
        self.copier = copier
    }

    /// Starts copying standard output and standard error to the file at `path`, appended to (created when missing),
    /// stopping a capture already running first (each line goes to one file).
    ///
    /// Throws, with nothing redirected, when the file cannot be opened or the descriptors cannot be set up.
    @discardableResult
    public static func start(toPath path: String) throws(ConsoleCaptureError) -> ConsoleCapture {
        let started = starting.withLock { _ -> Result<ConsoleCapture, SystemError> in
            running.withLock { $0 }?.stop()
            return ConsoleCopier.start(toPath: path).map { copier in
                let capture = ConsoleCapture(path: path, copier: copier)
                running.withLock { $0 = capture }
                _ = stopsAtExit
                return capture
            }
        }
        switch started {
        case .success(let capture): return capture
        case .failure(let error): throw ConsoleCaptureError(path: path, message: error.message)
        }
    }

    /// Starts copying to the file named by `NAVGRAPH_LOG` when it is set and not empty; otherwise does nothing.
    ///
    /// Never throws and never stops the app: when the capture cannot start, it writes one line saying why on
    /// standard error (`navgraph-recorder: cannot copy the console to PATH: REASON; output left as it was`) and
    /// returns `nil`. Called again with the same path while that capture runs, it returns the running capture.
    ///
    /// - Parameter environment: where to look for the variable; the process's environment unless given.
    /// - Returns: the running capture, or `nil` when the variable is not set or the capture could not start.
    @discardableResult
    public static func startFromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ConsoleCapture? {
        guard let path = environment[environmentVariable], !path.isEmpty else { return nil }
        if let current = running.withLock({ $0 }), current.path == path { return current }
        do {
            return try start(toPath: path)
        } catch {
            var line = "navgraph-recorder: \(error); output left as it was\n"
            _ = line.withUTF8 { Platform.writeAll(2, UnsafeRawBufferPointer($0)) }
            return nil
        }
    }

    /// The capture running now, if any.
    public static var current: ConsoleCapture? { running.withLock { $0 } }

    /// Whether this capture is still copying (``stop()`` not called yet).
    public var isRunning: Bool { !stopped.withLock { $0 } }

    /// Returns once every line the app wrote to standard output or error before the call is in the file (and on the
    /// console). C's `stdout` buffer is flushed first. A line not ended yet waits for its end, or for ``stop()``.
    public func flush() {
        Platform.flushStandardOutput()
        copier.flush()
    }

    /// Writes what is left (a last line without its end included), gives fd 1 and fd 2 back their original
    /// destinations, and closes the file. Output written after this goes only where it went before the capture;
    /// standard output stays line-buffered. (A process the app started while capturing inherited the capture's pipe
    /// as its standard output: what it writes after this is lost.) Called by `atexit` for the capture running when
    /// the app exits; calling it again does nothing.
    public func stop() {
        stopped.withLock { stopped in
            guard !stopped else { return }
            copier.stop()
            stopped = true
        }
        Self.running.withLock { running in
            if running === self { running = nil }
        }
    }

    /// The `atexit` handler: the app exits (`exit`, or the end of `main`), and lines still in the pipe reach the file.
    private static func stopRunning() {
        running.withLock { $0 }?.stop()
    }
}

/// Why the console capture could not start.
public struct ConsoleCaptureError: Error, CustomStringConvertible {
    /// The file's path, as given.
    public var path: String
    /// Why: the system's words for the error (`No such file or directory`).
    public var message: String
    /// `cannot copy the console to PATH: MESSAGE`.
    public var description: String { "cannot copy the console to \(path): \(message)" }
}
