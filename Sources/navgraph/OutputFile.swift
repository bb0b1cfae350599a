import ArgumentParser
import Foundation

/// A file written atomically: into a temporary file in the same folder, then renamed over the target, so a
/// reader never sees half a diagram and a failure leaves no partial file. Refuses to overwrite the input.
struct OutputFile {
    let path: String

    init(path: String, input: String?) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            StandardError.write("\(path): error: cannot write: folder '\(directory)' does not exist")
            throw ExitCode(2)
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            StandardError.write("\(path): error: cannot write: folder '\(directory)' is not writable")
            throw ExitCode(2)
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            StandardError.write("\(path): error: cannot write: is a directory")
            throw ExitCode(2)
        }
        if let input, input != "-", Self.sameFile(input, path) {
            StandardError.write("\(path): error: refusing to overwrite the input file")
            throw ExitCode(2)
        }
    }

    func write(_ bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).navgraph-\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(bytes).write(to: temporary)
            if rename(temporary.path, path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                StandardError.write("\(path): error: cannot write: \(reason)")
                throw ExitCode(2)
            }
        } catch let error as ExitCode {
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            StandardError.write("\(path): error: cannot write: \(error.localizedDescription)")
            throw ExitCode(2)
        }
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
