import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written atomically: into a temporary file in the same folder, then renamed over the target, so a
/// reader never sees half a diagram and a failure leaves no partial file. Refuses to overwrite the input.
struct OutputFile {
    let path: String

    init(path: String, input: String?) throws {
        self.path = path
        // `-o -` is standard output, as for input.
        if path == "-" { return }
        let directory = Self.folder(of: path) ?? "."
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure.badInput(path, "cannot write: folder '\(directory)' does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw CommandFailure.badInput(path, "cannot write: folder '\(directory)' is not writable")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandFailure.badInput(path, "cannot write: is a directory")
        }
        if let input, input != "-", Self.sameFile(input, path) {
            throw CommandFailure.badInput(path, "refusing to overwrite the input file")
        }
    }

    func write(_ bytes: [UInt8]) throws {
        if path == "-" {
            var output = StandardOutput()
            output.write(bytes: bytes)
            output.flush()
            return
        }
        let folder = Self.folder(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = (folder.map { $0 == "/" ? "/" : $0 + "/" } ?? "") + ".\(name).navgraph-\(getpid()).tmp"
        func fail(_ what: String) -> CommandFailure {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return .badInput(path, "cannot write: \(what): \(reason)")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw CommandFailure.badInput(
                path, "cannot write: cannot create a file in '\(folder ?? ".")': \(reason)")
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                systemWrite(descriptor, $0.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                close(descriptor)
                throw fail("writing failed")
            }
            offset += written
        }
        guard close(descriptor) == 0 else { throw fail("writing failed") }
        // The rename is atomic: readers see the old file or the whole new one, never half of it.
        guard rename(temporary, path) == 0 else { throw fail("cannot replace '\(path)'") }
    }

    /// The folder part of `path` (`out` of `out/nav.svg`, `/` of `/nav.svg`), `nil` for a bare name. Not
    /// `NSString.deletingLastPathComponent`: swift-corelibs-foundation traps on a one-character path (`-o x`).
    static func folder(of path: String) -> String? {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return nil }
        var folder = trimmed[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
