import Foundation
import NavGraphFormats

#if FUZZING
    /// libFuzzer's entry when linked without its own main (libclang_rt.fuzzer_no_main).
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The format being fuzzed, `nil` for detection (a C callback cannot capture it).
    nonisolated(unsafe) private var fuzzedFormat: InputFormat? = nil
#endif

/// What `navgraph-fuzz` does, for any format in `InputFormats.all`, or for `console`: any input, its format detected
/// as an app's console is read (`FuzzTarget`):
/// - `navgraph-fuzz FORMAT [libFuzzer options] CORPUS`: built with `-DFUZZING` (scripts/fuzz), hands control to
///   libFuzzer, every input through `FuzzHarness`. In a normal build, `navgraph-fuzz FORMAT FILE…` replays the files
///   through the same harness — how the regression tests replay every crash input the fuzzer found.
/// - `navgraph-fuzz seeds FORMAT`: the format's seed files (`InputFormatDefinition.fuzzSeeds`), one per line.
///
/// Either may name `console` for FORMAT: the input read with detection, every view driven; its seeds are every
/// format's and the console noise of `FuzzTarget.consoleSeeds`.
public enum FuzzMain {
    public static func run() -> Never {
        let arguments = CommandLine.arguments
        let usage =
            "usage: navgraph-fuzz FORMAT FILE… | navgraph-fuzz seeds FORMAT; FORMAT: "
            + FuzzTarget.names.joined(separator: ", ")
        if arguments.count == 3, arguments[1] == "seeds" {
            guard let target = FuzzTarget(name: arguments[2]) else { fail(usage) }
            for path in target.seeds(in: FileManager.default.currentDirectoryPath) { print(path) }
            exit(0)
        }
        guard arguments.count >= 2, let target = FuzzTarget(name: arguments[1]) else { fail(usage) }
        let format = target.format
        #if FUZZING
            fuzzedFormat = format
            // libFuzzer reads its own options and the corpus from the arguments: the format is taken out.
            var argc = CommandLine.argc - 1
            let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: Int(argc) + 1)
            argv[0] = CommandLine.unsafeArgv[0]
            for index in 1..<Int(argc) { argv[index] = CommandLine.unsafeArgv[index + 1] }
            argv[Int(argc)] = nil
            var driverArguments = argv
            exit(
                runFuzzerDriver(&argc, &driverArguments) { data, count in
                    FuzzHarness.run(UnsafeRawBufferPointer(start: data, count: count), format: fuzzedFormat)
                    return 0
                })
        #else
            for path in arguments.dropFirst(2) {
                guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)) else { fail("cannot read \(path)") }
                bytes.withUnsafeBytes { FuzzHarness.run($0, format: format) }
                print("ok \(path)")
            }
            exit(0)
        #endif
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(2)
    }
}
