import Foundation

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
        let target = Platform.status(ofPath: path)
        let isLink = Platform.linkStatus(ofPath: path)?.kind == .symbolicLink
        if target?.kind == .directory {
            throw CommandFailure.badInput(path, "cannot write: is a directory")
        }
        if inputs.contains(where: { $0 != "-" && Self.sameFile($0, path) }) {
            throw CommandFailure.badInput(path, "refusing to overwrite the input file")
        }
        if inputs.contains("-"), let target, Self.isStandardInput(target) {
            throw CommandFailure.badInput(path, "refusing to overwrite the input file (what standard input reads)")
        }
        if target == nil && isLink {
            // Opening it would create its target, wherever the link points (a link left in a shared folder).
            throw CommandFailure.badInput(
                path,
                "cannot write: a symlink to nothing ('\(Platform.linkTarget(path) ?? "?")'); remove it or give the "
                    + "path it should write")
        }
        if let target, target.kind != .regular {
            mode = .writeThrough
            return
        }
        let file = isLink ? (Platform.resolvedPath(path) ?? path) : path
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
            if let error = Platform.writeAll(descriptor, bytes) {
                throw CommandFailure.badInput(path, "cannot write: writing failed: \(error.reason)")
            }
        case .writeThrough:
            let descriptor: Int32
            switch Platform.openForWriting(path, .truncating) {
            case .success(let opened): descriptor = opened
            case .failure(let error): throw CommandFailure.badInput(path, "cannot write: \(error.reason)")
            }
            if let error = Platform.writeAll(descriptor, bytes) {
                Platform.closeDescriptor(descriptor)
                throw CommandFailure.badInput(path, "cannot write: writing failed: \(error.reason)")
            }
            if let error = Platform.closeDescriptor(descriptor) {
                throw CommandFailure.badInput(path, "cannot write: writing failed: \(error.reason)")
            }
        case .replace(let file):
            try replace(file, with: bytes)
        }
    }

    private func replace(_ file: String, with bytes: [UInt8]) throws {
        let folder = Self.folder(of: file)
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let temporary =
            (folder.map { $0 == "/" ? "/" : $0 + "/" } ?? "") + ".\(name).navgraph-\(Platform.processID).tmp"
        func fail(_ what: String, _ error: SystemError) -> CommandFailure {
            Platform.removeFile(temporary)
            return .badInput(path, "cannot write: \(what): \(error.reason)")
        }
        // An existing file keeps its permissions (a 0600 file stays private; the new file would get 0644): set
        // before a byte is written, on a file created readable by its owner only. Set-id bits are not carried over.
        let keptPermissions = Platform.status(ofPath: file)?.permissions
        let descriptor: Int32
        switch Platform.openForWriting(temporary, .exclusive(permissions: keptPermissions == nil ? 0o644 : 0o600)) {
        case .success(let opened): descriptor = opened
        case .failure(let error):
            throw CommandFailure.badInput(
                path, "cannot write: cannot create a file in '\(folder ?? ".")': \(error.reason)")
        }
        if let keptPermissions, let error = Platform.setPermissions(descriptor, keptPermissions) {
            Platform.closeDescriptor(descriptor)
            throw fail("cannot give it the permissions of '\(file)'", error)
        }
        if let error = Platform.writeAll(descriptor, bytes) {
            Platform.closeDescriptor(descriptor)
            throw fail("writing failed", error)
        }
        if let error = Platform.closeDescriptor(descriptor) { throw fail("writing failed", error) }
        // The rename is atomic: readers see the old file or the whole new one, never half of it.
        if let error = Platform.renameFile(temporary, to: file) { throw fail("cannot replace '\(file)'", error) }
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
        guard let number, Platform.isOpen(number) else { return nil }
        return number
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
    private static func isStandardInput(_ status: Platform.FileStatus) -> Bool {
        guard let input = Platform.status(of: 0), input.kind == .regular else { return false }
        return input.isSameFile(as: status)
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        guard let first = Platform.status(ofPath: a), let second = Platform.status(ofPath: b) else { return false }
        return first.isSameFile(as: second)
    }
}
