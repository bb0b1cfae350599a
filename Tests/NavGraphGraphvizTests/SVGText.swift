import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses SVG as XML and collects the text of its `<text>` elements and its links' tooltips (`xlink:title`); fails on
/// malformed XML.
final class SVGText: NSObject, XMLParserDelegate {
    private(set) var texts: [String] = []
    private(set) var titles: [String] = []
    private(set) var elementCount = 0
    private var current: String?

    static func parse(_ data: [UInt8]) -> (texts: [String], elements: Int)? {
        parseWithTitles(data).map { ($0.texts, $0.elements) }
    }

    static func parseWithTitles(_ data: [UInt8]) -> (texts: [String], titles: [String], elements: Int)? {
        let collector = SVGText()
        let parser = XMLParser(data: Data(data))
        parser.delegate = collector
        guard parser.parse() else { return nil }
        return (collector.texts, collector.titles, collector.elementCount)
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elementCount += 1
        if name == "text" { current = "" }
        if let title = attributes["xlink:title"] { titles.append(title) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        current? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text", let text = current {
            texts.append(text)
            current = nil
        }
    }
}
