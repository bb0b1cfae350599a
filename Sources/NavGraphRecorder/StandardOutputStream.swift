// C's `stdout` is a global `var` to Swift; it is set before `main` and never changes, and the FILE it points to has
// its own lock (taken below), so reading it from the writer thread is safe.
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

enum StandardOutputStream {
    /// Writes whole lines to C's `stdout` with it locked, as `print` writes, then flushes it.
    static func writeLocked(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let stream = stdout
        flockfile(stream)
        fwrite(base, 1, bytes.count, stream)
        fflush(stream)
        funlockfile(stream)
    }
}
