import ArgumentParser
import NavGraphAnalysis
import NavGraphCore
import NavGraphFormats
import NavGraphRender

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two moments: models added, removed, moved (new parent or position), and tab selection.",
        discussion: """
            navgraph diff A B            the ends of two logs (models matched by type and id)
            navgraph diff LOG --from 12 --to 40
                                         two steps of one log (see `navgraph history`)

            Examples:
              navgraph diff before.log after.log
              navgraph diff session.log --from 12 --to 40 --format json

            \(ExitStatus.help([(.success, "no differences"), (.found, "differences"), (.outputFailed, nil),
                (.badInput, nil), (.usage, nil)]))
            """)

    @Argument(help: ArgumentHelp("One log (with --from/--to) or two logs; '-' is stdin.", valueName: "file"))
    var files: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("The earlier step (with one file).", valueName: "step"))
    var from: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The later step (with one file; default: the end).", valueName: "step"))
    var to: Int?

    @OptionGroup var flags: ReadingFlags

    @OptionGroup var display: DisplayOptions

    @Option(help: OutputFormat.help(DiffOutput.formats))
    var format: OutputFormat = .text

    func validate() throws {
        for (name, step) in [("--from", from), ("--to", to)] {
            if let step, step < 0 { throw ValidationError("\(name) \(step): a step is 0 or more") }
        }
        try format.require(in: DiffOutput.formats, by: "diff")
        switch files.count {
        case 1:
            guard from != nil else {
                throw ValidationError("with one file, give --from STEP (and optionally --to STEP)")
            }
            if let from, let to, to < from { throw ValidationError("--to must not be before --from") }
        case 2:
            if from != nil || to != nil {
                throw ValidationError("--from/--to compare two steps of one file; with two files, leave them out")
            }
            if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("only one input can be stdin") }
        default:
            throw ValidationError("give one file with --from/--to, or two files")
        }
    }

    func run() throws {
        let diff: HierarchyDiff
        if files.count == 2 {
            // Each file's totals (skipped lines) name it.
            var oldInput = options(for: files[0])
            var newInput = options(for: files[1])
            oldInput.isOneOfSeveral = true
            newInput.isOneOfSeveral = true
            let old = try oldInput.readHierarchy()
            let new = try newInput.readHierarchy()
            diff = HierarchyDiff(from: old, to: HierarchyDiff.aligning(new, to: old))
        } else {
            let input = options(for: files[0])
            var earlier: Hierarchy?
            if from == 0 { earlier = Hierarchy() }
            let later = try input.readHierarchy(until: to.map { .step($0) }, option: "--to") { _, _, state in
                if state.step == from { earlier = state }
            }
            guard let earlier else {
                throw CommandFailure.badInput(
                    input.displayName,
                    "--from \(from!): the input has only \(later.step) step\(later.step == 1 ? "" : "s")")
            }
            diff = HierarchyDiff(from: earlier, to: later)
        }
        var output = StandardOutput()
        var renderer = DiffOutput.renderer(for: format, style: display.style)
        try renderer?.render(diff, to: &output)
        output.flush()
        if !diff.isEmpty { throw CommandFailure(.found) }
    }

    private func options(for file: String) -> InputReading { flags.reading(file) }
}
