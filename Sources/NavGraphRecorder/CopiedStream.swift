/// One captured stream (standard output or standard error) as the copy thread sees it: its pipe, its original
/// destination, and the part of its last line not ended yet. Owned by the copy thread alone.
struct CopiedStream {
    let pipe: Int32
    let original: Int32
    /// `false` once every writer of the pipe is gone (the app closed fd 1, say): no longer watched.
    private(set) var isOpen = true
    /// `false` once a write to the original destination failed (the console went away): the file still gets it all.
    private var consoleWritable = true
    /// Output after the stream's last end of line, held back from the file until its line ends, so that a line of
    /// standard output and one of standard error are never mixed in the file. The console gets it at once.
    private var unfinishedLine: [UInt8] = []

    /// An unfinished line longer than this goes to the file in parts, so memory stays bounded.
    static let longestHeldLine = 1 << 16

    init(pipe: Int32, original: Int32) {
        self.pipe = pipe
        self.original = original
    }

    /// Copies one read's worth; returns whether there may be more.
    @discardableResult
    mutating func copyOnce(to file: inout CaptureFile, using buffer: UnsafeMutableRawBufferPointer) -> Bool {
        switch Platform.readAvailable(pipe, into: buffer) {
        case .bytes(let count):
            copy(UnsafeRawBufferPointer(rebasing: buffer[..<count]), to: &file)
            return true
        case .nothingYet:
            return false
        case .end:
            isOpen = false
            return false
        }
    }

    /// Copies until the pipe is empty.
    mutating func copyUntilEmpty(to file: inout CaptureFile, using buffer: UnsafeMutableRawBufferPointer) {
        while isOpen, copyOnce(to: &file, using: buffer) {}
    }

    /// The unfinished line, as it is, to the file (the capture stops).
    mutating func finishLine(to file: inout CaptureFile) {
        guard !unfinishedLine.isEmpty else { return }
        unfinishedLine.withUnsafeBytes { file.append($0) }
        unfinishedLine.removeAll()
    }

    private mutating func copy(_ chunk: UnsafeRawBufferPointer, to file: inout CaptureFile) {
        if consoleWritable { consoleWritable = Platform.writeAll(original, chunk) == nil }
        guard let lastEnd = chunk.lastIndex(of: 0x0A) else {
            unfinishedLine.append(contentsOf: chunk)
            if unfinishedLine.count >= Self.longestHeldLine { finishLine(to: &file) }
            return
        }
        let ended = UnsafeRawBufferPointer(rebasing: chunk[...lastEnd])
        if unfinishedLine.isEmpty {
            file.append(ended)
        } else {
            unfinishedLine.append(contentsOf: ended)
            finishLine(to: &file)
        }
        unfinishedLine.append(contentsOf: chunk[(lastEnd + 1)...])
    }
}

/// The capture's file, as the copy thread writes it: whole lines appended with `write(2)` as they come, nothing held
/// in a user-space buffer.
struct CaptureFile {
    let descriptor: Int32
    let path: String
    /// Where a failure is reported: the original standard error (fd 2 is the capture's own pipe).
    let reportsTo: Int32
    private var failed = false

    init(descriptor: Int32, path: String, reportsTo: Int32) {
        self.descriptor = descriptor
        self.path = path
        self.reportsTo = reportsTo
    }

    /// Appends `bytes`. After the first failed write (a full disk) it says so once and writes no more: the app goes
    /// on, its output still reaches the console.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !failed, !bytes.isEmpty else { return }
        guard let error = Platform.writeAll(descriptor, bytes) else { return }
        failed = true
        var line =
            "navgraph-recorder: cannot write to \(path): \(error.message); "
            + "the console is no longer copied there\n"
        _ = line.withUTF8 { Platform.writeAll(reportsTo, UnsafeRawBufferPointer($0)) }
    }
}
