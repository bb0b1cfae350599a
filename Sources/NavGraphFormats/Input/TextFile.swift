import Foundation

/// A small text file read whole (a configuration, a theme), with the reason in the words `open(2)` and `read(2)`
/// give when it cannot be (`No such file or directory`, `Is a directory`) — Foundation's own messages on Linux
/// ("The operation could not be completed") say less.
///
/// Only a regular file of at most `sizeLimit` bytes is read: `/dev/zero` (a theme, or a `.navgraph.yml` symlinked to
/// it) made every command read without end, `/dev/stdin` swallowed the log piped to navgraph, and a FIFO with no
/// writer waited for one. The one place these files are read, so the one place this is enforced.
public enum TextFile {
    /// 1 MiB: the largest built-in theme is under 10 KB, a configuration a few lines.
    public static let sizeLimit = 1 << 20

    /// The file's text; the reason it cannot be read otherwise.
    public static func contents(of path: String, limit: Int = sizeLimit) -> Result<String, TextFileError> {
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below); O_NOCTTY: a terminal named
        // here never becomes the process's controlling terminal.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(TextFileError(.system(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(TextFileError(.system(errno))) }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { return .failure(TextFileError(.system(EISDIR))) }
        guard type == S_IFREG else { return .failure(TextFileError(.notRegularFile(TextFileError.FileType(type)))) }
        guard status.st_size <= limit else { return .failure(TextFileError(.tooLarge(limit: limit))) }
        var bytes: [UInt8] = []
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = read(descriptor, &chunk, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(TextFileError(.system(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            // A file that grows while it is read stops at the limit all the same.
            if bytes.count > limit { return .failure(TextFileError(.tooLarge(limit: limit))) }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(TextFileError(.notUTF8))
        }
        return .success(text)
    }
}

/// Why a text file cannot be read, and that in a few words (`reason`), for the message that names the file.
public struct TextFileError: Error, Sendable, Equatable {
    public enum Problem: Sendable, Equatable {
        /// What `open(2)`, `fstat(2)` or `read(2)` said (an `errno` value).
        case system(Int32)
        /// A FIFO, a device, a socket: something that is no file's contents.
        case notRegularFile(FileType)
        /// Larger than the limit (bytes).
        case tooLarge(limit: Int)
        case notUTF8
    }

    public enum FileType: Sendable, Equatable {
        case fifo, characterDevice, blockDevice, socket, other

        var words: String {
            switch self {
            case .fifo: "a FIFO (a pipe, such as /dev/stdin's)"
            case .characterDevice: "a character device (such as /dev/zero)"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            case .other: "something else"
            }
        }

        init(_ type: mode_t) {
            self =
                switch type {
                case S_IFIFO: .fifo
                case S_IFCHR: .characterDevice
                case S_IFBLK: .blockDevice
                case S_IFSOCK: .socket
                default: .other
                }
        }
    }

    public var problem: Problem

    public init(_ problem: Problem) { self.problem = problem }

    /// Why, in a few words (`No such file or directory`, `not a regular file but a character device`).
    public var reason: String {
        switch problem {
        case .system(let number): String(cString: strerror(number))
        case .notRegularFile(let type): "not a regular file but " + type.words
        case .tooLarge(let limit):
            "larger than \(limit >> 20) MiB, more than a theme or a configuration holds"
        case .notUTF8: "not UTF-8 text"
        }
    }
}
