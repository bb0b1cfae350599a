/// Where recorded lines go. The recorder hands a sink whole lines only (one or more, each ending in `\n`), from its
/// writer thread, one batch at a time.
public struct RecordingSink: Sendable {
    /// Writes whole lines. Never called from two threads at once.
    public let write: @Sendable (UnsafeRawBufferPointer) -> Void
    /// Each event is written by the thread that records it, before the call returns, instead of by the recorder's
    /// writer thread: lines keep their place among whatever else the app writes to the same stream (its `print`s).
    public let writesInline: Bool

    /// A sink that hands the bytes of each batch of whole lines to `write`, on the recorder's writer thread; with
    /// `writesInline`, each event's line on the recording thread.
    public init(writesInline: Bool = false, write: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.write = write
        self.writesInline = writesInline
    }

    /// Standard output, so Xcode's console and `xcrun simctl launch --console-pty` carry the events. Written inline,
    /// through C's `stdout` stream with it locked and then flushed, as `print` writes: an event recorded after a
    /// `print` comes after its line, and the two never split each other. (A background writer put the app's later
    /// `print`s before events recorded earlier: the console's order lied.)
    public static let standardOutput = RecordingSink(writesInline: true) { bytes in
        Platform.writeStandardOutputLocked(bytes)
    }

    /// Standard output written by the recorder's writer thread, in batches: the calling thread never waits for the
    /// console, but the app's own `print`s can come before events recorded earlier.
    public static let standardOutputInBatches = RecordingSink { bytes in
        Platform.writeStandardOutputLocked(bytes)
    }

    /// A file, appended to (created when missing). Every batch goes to the file with `write(2)` as soon as the writer
    /// thread takes it, in whole lines; nothing waits in a user-space buffer. Throws when the file cannot be opened.
    public static func file(atPath path: String) throws(RecordingSinkError) -> RecordingSink {
        let file: OpenFile
        switch Platform.openForAppending(path) {
        case .success(let descriptor): file = OpenFile(descriptor: descriptor)
        case .failure(let error): throw RecordingSinkError(path: path, message: error.message)
        }
        return RecordingSink { bytes in file.writeAll(bytes) }
    }

    /// Each line (without its `\n`) as a string, for anything else: `os_log`, a socket, a test.
    public static func lines(_ body: @escaping @Sendable (String) -> Void) -> RecordingSink {
        RecordingSink { bytes in
            var start = 0
            for index in bytes.indices where bytes[index] == 0x0A {
                body(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
        }
    }
}

/// A file the recorder could not open for its file sink.
public struct RecordingSinkError: Error, CustomStringConvertible {
    /// The file's path, as given to ``RecordingSink/file(atPath:)``.
    public var path: String
    /// Why it could not be opened: the system's words for `errno` (`No such file or directory`).
    public var message: String
    /// `cannot open PATH for recording: MESSAGE`.
    public var description: String { "cannot open \(path) for recording: \(message)" }
}

/// An open file descriptor, closed when the last sink holding it goes away.
private final class OpenFile: Sendable {
    let descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { Platform.closeDescriptor(descriptor) }

    /// Every byte, retrying after interruptions and short writes; gives up on any other error (a full disk must not
    /// stop the app).
    func writeAll(_ bytes: UnsafeRawBufferPointer) {
        Platform.writeAll(descriptor, bytes)
    }
}
