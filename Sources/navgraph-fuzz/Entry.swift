import NavGraphFuzzing

/// The fuzz target of every reader, the format named first (`navgraph-fuzz swift-dump …`; `scripts/fuzz swift-dump`):
/// libFuzzer's driver when built for fuzzing, a replayer of the files given otherwise.
@main
enum Fuzz {
    static func main() { FuzzMain.run() }
}
