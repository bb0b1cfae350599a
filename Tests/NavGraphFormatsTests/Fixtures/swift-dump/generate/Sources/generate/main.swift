// Each session below drives a router as an app does and calls the real `dump()` after every navigation change,
// where an app calls it from `.onChange(of:)` or `didSet`. `generate SESSION` prints one session; generate.sh
// writes each to its fixture.
let session = CommandLine.arguments.dropFirst().first ?? ""
switch session {
case "observable": observableSession()
case "published": publishedSession()
case "inherited": inheritedSession()
case "navigation-path": navigationPathSession()
case "observable-bench": observableBenchSession(changes: Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 1000)
default:
    print("usage: generate observable|published|inherited|navigation-path|observable-bench [N]")
}
