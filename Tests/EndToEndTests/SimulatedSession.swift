import Foundation
import NavGraphTestSupport

/// A SwiftUINavigation Examples-style app driven at random — tabs of stacks, screens pushed and popped, a sheet with a
/// stack of its own presented over the tabs and dismissed, models that never deinit — written the two ways navgraph
/// reads such an app: its console (`Started`/`Finished` lines, `printDebugGraph()` dumps at moments of its choosing)
/// and navgraph-events. The session knows what really happened, so a reading can be checked against it.
struct SimulatedSession {
    /// The console output, a line each.
    private(set) var console: [String] = []
    /// The same session as navgraph-events v1.
    private(set) var events: [String] = []
    /// The models that never deinit after leaving the hierarchy, as `Type PFX` (the printed id prefix).
    private(set) var leaked: Set<String> = []

    private final class Model {
        let type: String
        let prefix: String
        let kind: String
        var entries: [Model] = []
        var presented: Model?
        init(type: String, prefix: String, kind: String) {
            self.type = type
            self.prefix = prefix
            self.kind = kind
        }
        var uuid: String { prefix + "00001-0000-4000-8000-" + String(repeating: prefix, count: 4) }
        var name: String { "\(type) \(prefix)" }
        /// Children in the order `printDebugGraph()` prints them: what it presents first, then its own.
        var children: [Model] { (presented.map { [$0] } ?? []) + entries }
    }

    private var random: SplitMix
    private let leakRate: Double
    private var serial = 0x100
    private var time = 1_741_945_267.0

    /// `leakRate`: the chance that a model leaving the hierarchy never deinits.
    init(seed: UInt64, actions: Int, leakRate: Double) {
        random = SplitMix(seed: seed)
        self.leakRate = leakRate
        let app = make("AppNavigationModel", kind: "switch")
        let tabs = make("MainTabsNavigationModel", kind: "tabs")
        start(app)
        start(tabs)
        emit(["event": "root", "id": app.uuid, "type": app.type, "window": "main", "kind": app.kind])
        app.entries = [tabs]
        emit(["event": "switch", "id": tabs.uuid, "type": tabs.type, "parent": app.uuid, "kind": tabs.kind])
        var stacks: [Model] = []
        for title in ["Commands", "Flows", "Settings"].prefix(2 + Int(random.next() % 2)) {
            let stack = make("DefaultStackRootNavigationModel", kind: "stack")
            start(stack)
            tabs.entries.append(stack)
            emit([
                "event": "tab", "id": stack.uuid, "type": stack.type, "parent": tabs.uuid, "title": title,
                "kind": stack.kind,
            ])
            push(make("ActionableListNavigationModel", kind: "screen"), onto: stack)
            stacks.append(stack)
        }
        var selected = stacks[0]
        console.append("Examples[4242:9111] launched (simulated)")
        dump(app)

        for _ in 0..<actions {
            time += 0.5 + Double(random.next() % 3000) / 1000
            // Pushes go onto the sheet's stack while one is up, as in the app.
            let stack = tabs.presented ?? selected
            switch random.next() % 10 {
            case 0, 1, 2:
                let type = ["DetailNavigationModel", "ActionableListNavigationModel", "FormNavigationModel"]
                push(make(type[Int(random.next() % 3)], kind: "screen"), onto: stack)
            case 3, 4:
                // The stack's root entry stays: the back button stops there.
                guard stack.entries.count > 1 else { continue }
                emit(["event": "pop", "parent": stack.uuid])
                leave(stack.entries.removeLast())
            case 5:
                guard tabs.presented == nil else { continue }
                let sheet = make("DefaultStackRootNavigationModel", kind: "stack")
                start(sheet)
                tabs.presented = sheet
                emit([
                    "event": "present", "id": sheet.uuid, "type": sheet.type, "parent": tabs.uuid,
                    "style": "sheet", "kind": sheet.kind,
                ])
                push(make("ActionableListNavigationModel", kind: "screen"), onto: sheet)
            case 6:
                guard let sheet = tabs.presented else { continue }
                emit(["event": "dismiss", "id": sheet.uuid])
                tabs.presented = nil
                leave(sheet)
            case 7:
                guard tabs.presented == nil else { continue }
                selected = stacks[Int(random.next() % UInt64(stacks.count))]
                emit(["event": "select", "parent": tabs.uuid, "id": selected.uuid])
            default:
                console.append("[Network] GET https://api.example.com/v1/feed 200 (\(random.next() % 400) ms)")
            }
            // The app dumps its graph now and then (a debug button, a breakpoint action), not after every change.
            if random.next() % 3 == 0 { dump(app) }
        }
        // A last dump: the end state is on record, so what is alive and in no dump has leaked.
        dump(app)
    }

    /// A new model with an id prefix of its own (pairing by prefix is another test's subject).
    private mutating func make(_ type: String, kind: String) -> Model {
        serial += 1
        return Model(type: type, prefix: String(serial, radix: 16, uppercase: true), kind: kind)
    }

    private mutating func start(_ model: Model) {
        console.append("[\(model.type) \(model.prefix)...]: Started")
        var fields = ["event": "start", "id": model.uuid, "type": model.type]
        if model.kind != "screen" { fields["kind"] = model.kind }
        emit(fields)
    }

    private mutating func push(_ model: Model, onto stack: Model) {
        start(model)
        stack.entries.append(model)
        emit(["event": "push", "id": model.uuid, "type": model.type, "parent": stack.uuid])
    }

    /// `model` and what it holds left the hierarchy: each deinits, or leaks.
    private mutating func leave(_ model: Model) {
        for child in model.children { leave(child) }
        if Double(random.next() % 1000) / 1000 < leakRate {
            leaked.insert(model.name)
        } else {
            console.append("[\(model.type) \(model.prefix)...]: Finished")
            emit(["event": "finish", "id": model.uuid])
        }
    }

    private mutating func dump(_ root: Model) {
        console.append("[Debug] printDebugGraph()")
        var pending: [(Model, Int)] = [(root, 0)]
        while let (model, depth) = pending.popLast() {
            console.append(String(repeating: "\t", count: depth) + "<[\(model.type) \(model.prefix)...]>")
            for child in model.children.reversed() { pending.append((child, depth + 1)) }
        }
    }

    /// One event line, `event` first as apps write it; the values need no escaping.
    private mutating func emit(_ fields: [String: String]) {
        let members = fields.sorted { ($0.key == "event" ? "" : $0.key) < ($1.key == "event" ? "" : $1.key) }
            .map { "\"\($0.key)\":\"\($0.value)\"" }
        events.append("{" + (members + ["\"time\":\(String(format: "%.3f", time))"]).joined(separator: ",") + "}")
    }
}
