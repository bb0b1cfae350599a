import Foundation
import NavGraphTestSupport
import Testing

/// Mermaid's own parser and renderer (a pinned `mermaid.min.js`, installed by `scripts/setup-mermaid`) run in
/// headless Chromium: the judge of whether navgraph's Mermaid output is Mermaid.
enum MermaidParser {
    static let version = "11.16.0"
    static let script = repositoryRoot.appendingPathComponent(".test-tools/mermaid-\(version)/mermaid.min.js")

    static let chromium: String? = {
        // NAVGRAPH_CHROMIUM names the browser (or, naming nothing runnable, turns the check off).
        if let path = ProcessInfo.processInfo.environment["NAVGRAPH_CHROMIUM"] {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let path = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        return nil
    }()

    /// Why the check cannot run here, or `nil` when it can.
    static let unavailableReason: String? = {
        if chromium == nil {
            return "Chromium is not installed (scripts/setup-mermaid installs it); Mermaid output not validated"
        }
        if !FileManager.default.fileExists(atPath: script.path) {
            return "mermaid.min.js \(version) is missing (scripts/setup-mermaid fetches it); "
                + "Mermaid output not validated"
        }
        return nil
    }()

    static var isAvailable: Bool { unavailableReason == nil }

    /// What Mermaid made of one diagram: an error, or the text of the SVG it drew.
    struct Verdict {
        var name: String
        var error: String?
        var text: String
        /// Elements that would run or load something: `<script>`, `<img>`, `<iframe>`, event attributes.
        var activeElements: Int
        /// Where Mermaid drew each node, by its text: the centre of its box, in pixels.
        var nodeCentres: [String: (x: Double, y: Double)] = [:]
    }

    /// Parses and renders each diagram; one browser run for all of them.
    static func check(_ diagrams: [(name: String, text: String)]) throws -> [Verdict] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "navgraph-mermaid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The diagrams go in a script of their own, as JSON: nothing in them is ever HTML.
        let data = try JSONSerialization.data(withJSONObject: diagrams.map { [$0.name, $0.text] })
        try (Data("window.diagrams = ".utf8) + data + Data(";\n".utf8)).write(
            to: folder.appendingPathComponent("diagrams.js"))
        let page = """
            <!doctype html><html><head><meta charset="utf-8"></head><body><pre id="result">pending</pre>
            <script src="\(script.absoluteString)"></script>
            <script src="diagrams.js"></script>
            <script>
            window.alert = () => { window.alerted = true; };
            (async () => {
              const verdicts = [];
              mermaid.initialize({startOnLoad: false, securityLevel: 'strict'});
              for (const [index, [name, text]] of window.diagrams.entries()) {
                const verdict = {name, text: '', active: 0};
                try {
                  await mermaid.parse(text);
                  const {svg} = await mermaid.render('diagram' + index, text);
                  const holder = document.createElement('div');
                  holder.innerHTML = svg;
                  verdict.text = holder.textContent;
                  verdict.active = holder.querySelectorAll('script, img, iframe, [onerror], [onload]').length;
                  // Laid out in the document, to say where each node landed.
                  document.body.appendChild(holder);
                  verdict.nodes = [...holder.querySelectorAll('g.node')].map(node => {
                    const box = node.getBoundingClientRect();
                    return [node.textContent.trim(), box.x + box.width / 2, box.y + box.height / 2];
                  });
                  holder.remove();
                } catch (error) {
                  verdict.error = String((error && error.message) || error);
                }
                verdicts.push(verdict);
              }
              const json = JSON.stringify({verdicts, alerted: !!window.alerted});
              document.getElementById('result').textContent = btoa(unescape(encodeURIComponent(json)));
            })();
            </script></body></html>
            """
        let pageURL = folder.appendingPathComponent("check.html")
        try Data(page.utf8).write(to: pageURL)
        let run = try runTool(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            [
                "300", chromium!, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                "--virtual-time-budget=120000", "--dump-dom", pageURL.absoluteString,
            ])
        guard let start = run.stdout.range(of: "<pre id=\"result\">"),
            let end = run.stdout.range(of: "</pre>", range: start.upperBound..<run.stdout.endIndex),
            let decoded = Data(base64Encoded: String(run.stdout[start.upperBound..<end.lowerBound])),
            let object = try JSONSerialization.jsonObject(with: decoded) as? [String: Any],
            let verdicts = object["verdicts"] as? [[String: Any]]
        else {
            throw MermaidCheckFailed(
                details: "no result from Chromium (status \(run.status)): \(run.stderr.suffix(2000))")
        }
        if object["alerted"] as? Bool == true {
            throw MermaidCheckFailed(details: "a diagram ran a script (alert was called)")
        }
        return verdicts.map {
            var verdict = Verdict(
                name: $0["name"] as? String ?? "", error: $0["error"] as? String, text: $0["text"] as? String ?? "",
                activeElements: $0["active"] as? Int ?? 0)
            for case let node as [Any] in $0["nodes"] as? [Any] ?? [] where node.count == 3 {
                guard let text = node[0] as? String, let x = node[1] as? Double, let y = node[2] as? Double
                else { continue }
                verdict.nodeCentres[text] = (x, y)
            }
            return verdict
        }
    }

    struct MermaidCheckFailed: Error, CustomStringConvertible {
        var details: String
        var description: String { details }
    }
}
