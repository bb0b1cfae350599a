// Each session below drives a router as an app does and calls the real `dump()` after every navigation change,
// where an app calls it from `.onChange(of:)` or `didSet`. `generate SESSION` prints one session; generate.sh
// writes each to its fixture.
let session = CommandLine.arguments.dropFirst().first ?? ""
switch session {
case "observable": observableSession()
case "published": publishedSession()
case "inherited": inheritedSession()
case "navigation-path": navigationPathSession()
default:
    print("usage: generate observable|published|inherited|navigation-path")
}
