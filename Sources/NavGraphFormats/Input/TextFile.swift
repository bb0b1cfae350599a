#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small text file read whole (a configuration, a theme), with the reason in the words `open(2)` and `read(2)`
/// give when it cannot be (`No such file or directory`, `Is a directory`) — Foundation's own messages on Linux
/// ("The operation could not be completed") say less.
public enum TextFile {
    /// The file's text; the reason it cannot be read otherwise.
    public static func contents(of path: String) -> Result<String, TextFileError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(TextFileError(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(TextFileError(reason: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(TextFileError(reason: "not UTF-8 text"))
        }
        return .success(text)
    }
}

public struct TextFileError: Error, Sendable, Equatable {
    /// Why, in a few words (`No such file or directory`).
    public var reason: String
}
