#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where recorded lines go. The recorder hands a sink whole lines only (one or more, each ending in `\n`), from its
/// writer thread, one batch at a time.
public struct RecordingSink: Sendable {
    /// Writes whole lines. Called from the recorder's writer thread only, never from two threads at once.
    public let write: @Sendable (UnsafeRawBufferPointer) -> Void

    /// A sink that hands the bytes of each batch of whole lines to `write`.
    public init(write: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.write = write
    }

    /// Standard output, so Xcode's console and `xcrun simctl launch --console-pty` carry the events. Written through
    /// C's `stdout` stream with it locked and then flushed, as `print` writes: an app's own `print` lines and the
    /// recorder's never split each other.
    public static let standardOutput = RecordingSink { bytes in
        StandardOutputStream.writeLocked(bytes)
    }

    /// A file, appended to (created when missing). Every batch goes to the file with `write(2)` as soon as the writer
    /// thread takes it, in whole lines; nothing waits in a user-space buffer. Throws when the file cannot be opened.
    public static func file(atPath path: String) throws(RecordingSinkError) -> RecordingSink {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RecordingSinkError(path: path, message: String(cString: strerror(errno)))
        }
        let file = OpenFile(descriptor: descriptor)
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
    public var path: String
    public var message: String
    public var description: String { "cannot open \(path) for recording: \(message)" }
}

/// An open file descriptor, closed when the last sink holding it goes away.
private final class OpenFile: Sendable {
    let descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Every byte, retrying after interruptions and short writes; gives up on any other error (a full disk must not
    /// stop the app).
    func writeAll(_ bytes: UnsafeRawBufferPointer) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            next += written
            remaining -= written
        }
    }
}
