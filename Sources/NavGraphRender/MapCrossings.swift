import NavGraphCore

/// The way of writing a map for Graphviz whose layout crosses least. Graphviz's `dot` minimises crossings from the
/// order it is handed, within the clusters it is handed, and improves only locally: raising its effort (`mclimit`,
/// `remincross`), weighting or freeing edges each moved the Examples-app maps' figures both ways. Laying the map out
/// a few ways, handing the best layout's own order back once, and keeping the one that crosses least moves them one
/// way only: the way asked for is among those compared (docs/diagram.md, "Crossings").
public struct MapCrossings: Sendable {
    /// The look kept and how many times its edges cross.
    public var look: MapOutput.Look
    public var crossings: Int
    /// How many times the edges of the look asked for cross.
    public var asked: Int

    /// Maps with more relations than this are drawn as asked: each way tried is a layout of its own, and a map
    /// that large is read through --focus or --exclude anyway.
    public static let maximumRelations = 200
    /// How many of the best layouts have their own order handed back (each a layout more): on the Examples-app
    /// maps the best one's own order is as often worse as better; the four best's lowered all six figures (three
    /// maps, long names on one line and on two).
    static let refinements = 4

    /// The ways tried first, the one asked for first (kept on a tie): types in each order worked out from the map
    /// (`MapOutput.TypeOrder`: dot's crossing minimisation ends where its start leads it), each with the feature
    /// groups asked for and, where they were, without them (a group is a cluster: edges between features must go
    /// around it).
    static func candidates(_ look: MapOutput.Look, keepingGroups: Bool = false) -> [MapOutput.Look] {
        var looks: [MapOutput.Look] = []
        for grouped in look.grouped ? (keepingGroups ? [true] : [true, false]) : [false] {
            for order in MapOutput.TypeOrder.fromTheMap {
                var candidate = look
                candidate.grouped = grouped
                candidate.typeOrder = order
                looks.append(candidate)
            }
        }
        return looks
    }

    /// The look whose layout by `engine` crosses least (the first such): each of `candidates(look)`, then the
    /// `refinements` best of them written in their own layouts' order (each rank's types as the layout placed
    /// them, which dot's passes then improve again). `nil` where the engine cannot lay the map out for counting, the
    /// map is past `maximumRelations` or has no relation, or the look asked for does not lay out (its drawing then
    /// says why). `keepingGroups`: only ways with the look's feature groups are tried (the user asked for them).
    public static func fewest(
        _ map: NavigationMap, look: MapOutput.Look, keepingGroups: Bool = false, engine: any DOTLayoutEngine
    ) -> MapCrossings? {
        guard !map.relations.isEmpty, map.relations.count <= maximumRelations else { return nil }
        var laidOut: [(look: MapOutput.Look, layout: EdgeCrossings, crossings: Int)] = []
        func layOut(_ candidate: MapOutput.Look) {
            var dot = ""
            guard (try? NavigationMapDOTRenderer(candidate).render(map, to: &dot)) != nil,
                let layout = try? engine.crossings(dot: dot)
            else { return }
            laidOut.append((candidate, layout, layout.count))
        }
        layOut(look)
        // The look asked for is the baseline: without its figure nothing is compared.
        guard let asked = laidOut.first?.crossings else { return nil }
        for candidate in candidates(look, keepingGroups: keepingGroups)
        where candidate.grouped != look.grouped || candidate.typeOrder != look.typeOrder {
            layOut(candidate)
        }
        let ranked = laidOut.enumerated().sorted {
            ($0.element.crossings, $0.offset) < ($1.element.crossings, $1.offset)
        }
        for kept in ranked.prefix(refinements).map(\.element) {
            var refined = kept.look
            refined.typeOrder = .given(
                laidOutOrder(kept.layout, direction: look.direction, map: map), around: kept.look.typeOrder)
            layOut(refined)
        }
        // The first of the fewest: the look asked for wins a tie.
        guard let best = laidOut.min(by: { $0.crossings < $1.crossings }) else { return nil }
        return MapCrossings(look: best.look, crossings: best.crossings, asked: asked)
    }

    /// The map's types in the order the layout placed them across its ranks: left to right (top to bottom for a
    /// map laid out left to right), a rank nearer the start first where two share a place.
    static func laidOutOrder(
        _ layout: EdgeCrossings, direction: DOTRenderer.Direction, map: NavigationMap
    ) -> [String] {
        let placed = layout.nodes.sorted { left, right in
            switch direction {
            case .topToBottom: (left.centre.x, -left.centre.y) < (right.centre.x, -right.centre.y)
            case .leftToRight: (-left.centre.y, left.centre.x) < (-right.centre.y, right.centre.x)
            }
        }
        return NavigationMapScene.types(ofIDs: placed.map(\.name), in: map)
    }
}
