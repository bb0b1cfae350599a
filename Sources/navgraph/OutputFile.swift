import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes its output (`-o`, `--html`). A regular file (new, or existing, also through a symlink) is
/// written atomically: into a temporary file in its folder, then renamed over it, so a reader never sees half a
/// diagram and a failure leaves no partial file; a symlink stays a symlink. Anything else that exists — a FIFO,
/// `/dev/stdout`, `/dev/null`, a process substitution's `/dev/fd/N`, a device — is written through, as a shell's
/// `>` would: renaming over it would replace the device or pipe with a file. `-` is standard output. Refuses to
/// overwrite the input (named, or the file standard input reads) and to follow a symlink to nothing, which would
/// create a file wherever the link points. A replaced file keeps its permissions.
struct OutputFile {
    let path: String
    private let mode: Mode

    private enum Mode {
        case standardOutput
        /// An open descriptor of this process named by path (`/dev/stdout`, `/dev/fd/3`): written as it is, where
        /// it is — reopening it would truncate, or replace, the file the shell redirected it to.
        case descriptor(Int32)
        /// Write the bytes into what `path` opens (created when it does not exist).
        case writeThrough
        /// Replace the regular file at this path (the symlink's target for a symlink) atomically.
        case replace(String)
    }

    /// - Parameter inputs: the files the command reads, `-` for standard input: none of them is overwritten.
    init(path: String, inputs: [String]) throws {
        self.path = path
        // `-o -` is standard output, as for input.
        if path == "-" {
            mode = .standardOutput
            return
        }
        if let descriptor = Self.openDescriptor(named: path) {
            mode = .descriptor(descriptor)
            return
        }
        var target = stat()
        var link = stat()
        let exists = stat(path, &target) == 0
        let isLink = lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
        if exists && (target.st_mode & S_IFMT) == S_IFDIR {
            throw CommandFailure.badInput(path, "cannot write: is a directory")
        }
        if inputs.contains(where: { $0 != "-" && Self.sameFile($0, path) }) {
            throw CommandFailure.badInput(path, "refusing to overwrite the input file")
        }
        if inputs.contains("-"), exists, Self.isStandardInput(target) {
            throw CommandFailure.badInput(path, "refusing to overwrite the input file (what standard input reads)")
        }
        if !exists && isLink {
            // Opening it would create its target, wherever the link points (a link left in a shared folder).
            throw CommandFailure.badInput(
                path,
                "cannot write: a symlink to nothing ('\(Self.linkTarget(path) ?? "?")'); remove it or give the "
                    + "path it should write")
        }
        if exists && (target.st_mode & S_IFMT) != S_IFREG {
            mode = .writeThrough
            return
        }
        let file = isLink ? (Self.resolved(path) ?? path) : path
        let directory = Self.folder(of: file) ?? "."
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure.badInput(path, "cannot write: folder '\(directory)' does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw CommandFailure.badInput(path, "cannot write: folder '\(directory)' is not writable")
        }
        mode = .replace(file)
    }

    func write(_ bytes: [UInt8]) throws {
        switch mode {
        case .standardOutput:
            var output = StandardOutput()
            output.write(bytes: bytes)
            output.flush()
        case .descriptor(let descriptor):
            if let reason = Self.writeAll(bytes, to: descriptor) {
                throw CommandFailure.badInput(path, "cannot write: writing failed: \(reason)")
            }
        case .writeThrough:
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw CommandFailure.badInput(path, "cannot write: \(String(cString: strerror(errno)))")
            }
            if let reason = Self.writeAll(bytes, to: descriptor) {
                close(descriptor)
                throw CommandFailure.badInput(path, "cannot write: writing failed: \(reason)")
            }
            guard close(descriptor) == 0 else {
                throw CommandFailure.badInput(path, "cannot write: writing failed: \(String(cString: strerror(errno)))")
            }
        case .replace(let file):
            try replace(file, with: bytes)
        }
    }

    private func replace(_ file: String, with bytes: [UInt8]) throws {
        let folder = Self.folder(of: file)
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let temporary = (folder.map { $0 == "/" ? "/" : $0 + "/" } ?? "") + ".\(name).navgraph-\(getpid()).tmp"
        func fail(_ what: String, _ reason: String = String(cString: strerror(errno))) -> CommandFailure {
            unlink(temporary)
            return .badInput(path, "cannot write: \(what): \(reason)")
        }
        // An existing file keeps its permissions (a 0600 file stays private; the new file would get 0644): set
        // before a byte is written, on a file created readable by its owner only. Set-id bits are not carried over.
        var existing = stat()
        let keptMode = stat(file, &existing) == 0 ? existing.st_mode & 0o777 : nil
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, keptMode == nil ? 0o644 : 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw CommandFailure.badInput(
                path, "cannot write: cannot create a file in '\(folder ?? ".")': \(reason)")
        }
        if let keptMode, fchmod(descriptor, keptMode) != 0 {
            close(descriptor)
            throw fail("cannot give it the permissions of '\(file)'")
        }
        if let reason = Self.writeAll(bytes, to: descriptor) {
            close(descriptor)
            throw fail("writing failed", reason)
        }
        guard close(descriptor) == 0 else { throw fail("writing failed") }
        // The rename is atomic: readers see the old file or the whole new one, never half of it.
        guard rename(temporary, file) == 0 else { throw fail("cannot replace '\(file)'") }
    }

    /// Writes every byte; the reason when it cannot (`No space left on device`).
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                systemWrite(descriptor, $0.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }

    /// The descriptor `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N` names, when it is open.
    static func openDescriptor(named path: String) -> Int32? {
        let number: Int32?
        switch path {
        case "/dev/stdout": number = 1
        case "/dev/stderr": number = 2
        default:
            let prefix = ["/dev/fd/", "/proc/self/fd/"].first { path.hasPrefix($0) }
            number = prefix.flatMap { Int32(path.dropFirst($0.count)) }
        }
        guard let number, fcntl(number, F_GETFD) != -1 else { return nil }
        return number
    }

    /// The file a symlink finally points to.
    private static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
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

    /// Whether `status` is the regular file standard input reads (`render - -o log < log`). Only a regular file:
    /// writing to the terminal or the device stdin also reads (`-o /dev/null < /dev/null`) overwrites nothing.
    private static func isStandardInput(_ status: stat) -> Bool {
        var input = stat()
        guard fstat(0, &input) == 0, (input.st_mode & S_IFMT) == S_IFREG else { return false }
        return input.st_dev == status.st_dev && input.st_ino == status.st_ino
    }

    /// Where a symlink points, as it says.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
