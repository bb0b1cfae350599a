import Foundation

/// The descriptors of a running console capture and the thread that copies: fd 1 and fd 2 write into pipes, and the
/// copy thread reads each pipe, writes what it read to the stream's original destination, then appends its whole
/// lines to the file.
///
/// `flush` and `stop` are requests to the copy thread (a byte on a wake pipe, then a wait): it takes the request,
/// then reads every pipe until it is empty, so everything written before the request was made is copied before the
/// requester goes on. The copy thread never writes to fd 1 or fd 2 (it would write into its own pipe).
final class ConsoleCopier: Sendable {
    /// One redirected stream.
    private struct Redirection: Sendable {
        /// 1 or 2.
        let target: Int32
        /// What `target` referred to before the capture (a duplicate), where its output still goes.
        let original: Int32
        /// The pipe's read end; its write end is `target` now.
        let pipe: Int32
    }

    private struct Requests {
        var stopping = false
        var flushWaiters: [DispatchSemaphore] = []
    }

    private let path: String
    private let file: Int32
    private let redirections: [Redirection]
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let requests = LockedState(Requests())
    private let finished = DispatchSemaphore(value: 0)

    private init(path: String, file: Int32, redirections: [Redirection], wake: (read: Int32, write: Int32)) {
        self.path = path
        self.file = file
        self.redirections = redirections
        wakeRead = wake.read
        wakeWrite = wake.write
    }

    /// Opens the file, redirects fd 1 and fd 2 into pipes and starts the copy thread; on failure, undoes what it did
    /// and leaves the descriptors as they were.
    static func start(toPath path: String) -> Result<ConsoleCopier, SystemError> {
        var opened: [Int32] = []
        func undo(_ error: SystemError) -> Result<ConsoleCopier, SystemError> {
            opened.forEach(Platform.closeDescriptor)
            return .failure(error)
        }
        let file: Int32
        let wake: (read: Int32, write: Int32)
        var redirections: [Redirection] = []
        var writeEnds: [Int32] = []
        do {
            file = try Platform.openForAppending(path).get()
            opened.append(file)
            wake = try Platform.makePipe().get()
            opened += [wake.read, wake.write]
            Platform.setNonBlocking(wake.read)
            Platform.setNonBlocking(wake.write)
            for target: Int32 in [1, 2] {
                let original = try Platform.duplicate(target).get()
                opened.append(original)
                let pipe = try Platform.makePipe().get()
                opened += [pipe.read, pipe.write]
                Platform.setNonBlocking(pipe.read)
                redirections.append(Redirection(target: target, original: original, pipe: pipe.read))
                writeEnds.append(pipe.write)
            }
        } catch {
            return undo(error)
        }
        // What C's stdout holds was written before the capture: it goes where it was going. Line-buffered before the
        // switch, so that no `print` waits in a full buffer while fd 1 is already the pipe.
        Platform.flushStandardOutput()
        Platform.lineBufferStandardOutput()
        for (index, redirection) in redirections.enumerated() {
            guard let error = Platform.redirect(redirection.target, to: writeEnds[index]) else { continue }
            for done in redirections[..<index] { Platform.redirect(done.target, to: done.original) }
            return undo(error)
        }
        writeEnds.forEach(Platform.closeDescriptor)
        let copier = ConsoleCopier(path: path, file: file, redirections: redirections, wake: wake)
        let thread = Thread { copier.copyUntilStopped() }
        thread.name = "NavGraphRecorder console capture"
        thread.start()
        return .success(copier)
    }

    /// Returns once the copy thread has read every pipe empty after this call began.
    func flush() {
        let done = DispatchSemaphore(value: 0)
        let waiting = requests.withLock { requests in
            guard !requests.stopping else { return false }
            requests.flushWaiters.append(done)
            return true
        }
        guard waiting else { return }
        Platform.wake(wakeWrite)
        done.wait()
    }

    /// Gives fd 1 and fd 2 back, lets the copy thread copy what is left and end, and closes everything. Called once.
    func stop() {
        Platform.flushStandardOutput()
        for redirection in redirections { Platform.redirect(redirection.target, to: redirection.original) }
        requests.withLock { $0.stopping = true }
        Platform.wake(wakeWrite)
        finished.wait()
        for redirection in redirections {
            Platform.closeDescriptor(redirection.pipe)
            Platform.closeDescriptor(redirection.original)
        }
        [wakeRead, wakeWrite, file].forEach(Platform.closeDescriptor)
    }

    /// The copy thread: waits for output or a request, copies, and ends after a stop request.
    private func copyUntilStopped() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { buffer.deallocate() }
        var destination = CaptureFile(
            descriptor: file, path: path, reportsTo: redirections.last?.original ?? 2)
        var streams = redirections.map { CopiedStream(pipe: $0.pipe, original: $0.original) }
        while true {
            let readable = Platform.waitUntilReadable(streams.map { $0.isOpen ? $0.pipe : -1 } + [wakeRead])
            var taken: Requests?
            if readable.last == true {
                Platform.drain(wakeRead, using: buffer)
                taken = requests.withLock { requests in
                    defer { requests.flushWaiters.removeAll() }
                    return requests
                }
            }
            for index in streams.indices where streams[index].isOpen {
                if taken != nil {
                    streams[index].copyUntilEmpty(to: &destination, using: buffer)
                } else if readable[index] {
                    // One chunk a stream per wake: poll comes back for the rest, and a flooding stream does not
                    // starve the other or a request.
                    streams[index].copyOnce(to: &destination, using: buffer)
                }
            }
            guard let taken else { continue }
            if taken.stopping {
                for index in streams.indices { streams[index].finishLine(to: &destination) }
            }
            for waiter in taken.flushWaiters { waiter.signal() }
            if taken.stopping { break }
        }
        finished.signal()
    }
}
