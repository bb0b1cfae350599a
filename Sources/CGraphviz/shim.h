// libgvc (Graphviz) as one C module. Only NavGraphGraphviz imports it.
//
// navgraph builds against every Graphviz its users have: Debian's and Ubuntu's 2.42/2.43 and the 12–14 of Homebrew,
// MacPorts, Fedora, Arch and conda. Their C APIs differ in three places navgraph touches, each handled here so that
// the Swift side sees one API:
//   - `Agdisc_t` lost its memory discipline (`mem`, `Agmemdisc_t`, `AgMemDisc`) in 9.0: a discipline is made by
//     copying `AgDefaultDisc` (present in every version) and setting the two fields navgraph chooses, by name.
//   - `Agiddisc_t` lost its `alloc` callback: likewise made from a copy of `AgIdDisc`, so a version that still has
//     `alloc` keeps Graphviz's own (only called when a caller picks IDs itself, which reading DOT never does).
//   - `gvRenderData`'s length became `size_t *` (it was `unsigned int *`): navgraph renders with `gvRender` into an
//     `open_memstream` instead, whose signature never changed.
#ifndef NAVGRAPH_CGRAPHVIZ_SHIM_H
#define NAVGRAPH_CGRAPHVIZ_SHIM_H
#include <stdio.h>
#include <stdlib.h>
// By name within Graphviz's own include folder, which pkg-config's `-I` names on every system: Debian's headers are
// also reachable as <graphviz/gvc.h>, Homebrew's (/opt/homebrew/include is not searched by default) are not.
#include <gvc.h>
#include <cgraph.h>
#include <graphviz_version.h>

/// The Graphviz version navgraph was compiled against ("2.43.0", "14.1.4"), for `navgraph --version` and messages.
static inline const char *navgraph_graphviz_version(void) { return PACKAGE_VERSION; }

/// The file beside Graphviz's plugins that lists them ("config6a", "config8"; `dot -c` writes it).
static inline const char *navgraph_graphviz_plugin_configuration(void) { return GVPLUGIN_CONFIG_FILE; }

/// cgraph's default I/O discipline. Swift 6 will not touch a mutable C global directly; it is never written, only
/// its functions handed back to cgraph.
static inline Agiodisc_t *navgraph_default_io_discipline(void) { return &AgIoDisc; }

/// An ID discipline with these callbacks, the rest as Graphviz's own (see the top of this file).
static inline Agiddisc_t navgraph_id_discipline(
    void *(*open)(Agraph_t *, Agdisc_t *),
    long (*map)(void *state, int objtype, char *name, IDTYPE *id, int create),
    void (*release)(void *state, int objtype, IDTYPE id),
    char *(*print)(void *state, int objtype, IDTYPE id),
    void (*close)(void *state),
    void (*idregister)(void *state, int objtype, void *object))
{
    Agiddisc_t discipline = AgIdDisc;
    discipline.open = open;
    discipline.map = map;
    discipline.free = release;
    discipline.print = print;
    discipline.close = close;
    discipline.idregister = idregister;
    return discipline;
}

/// `agread` with these ID and I/O disciplines and Graphviz's default for anything else the version has. cgraph copies
/// the discipline's fields into the graph, so the struct may live on the stack; the two disciplines must outlive the
/// graph.
static inline Agraph_t *navgraph_read(void *channel, Agiddisc_t *ids, Agiodisc_t *io)
{
    Agdisc_t discipline = AgDefaultDisc;
    discipline.id = ids;
    discipline.io = io;
    return agread(channel, &discipline);
}

/// Renders a laid-out graph into memory: 0 and `*result`/`*length` set (free `*result` with `free`), or -1 with
/// nothing to free. `gvRender` writes to a `FILE *` on every version; `open_memstream` (POSIX 2008: glibc, macOS
/// 10.13+) makes that a growing buffer.
static inline int navgraph_render(GVC_t *context, Agraph_t *graph, const char *format, char **result, size_t *length)
{
    *result = NULL;
    *length = 0;
    char *buffer = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&buffer, &size);
    if (stream == NULL) return -1;
    int status = gvRender(context, graph, format, stream);
    // fclose publishes the final buffer and size; a failure there (out of memory) fails the render.
    if (fclose(stream) != 0) status = -1;
    if (status != 0) {
        free(buffer);
        return -1;
    }
    *result = buffer;
    *length = size;
    return 0;
}
// A laid-out graph's places, read from Graphviz's own records of them (`types.h`, the same fields in 2.42 and 14.x)
// rather than written as JSON and parsed back: what `KeptPlaces` needs, at every layout of a live page. Each returns
// 0 with its results set, or -1 (nothing set) where the graph holds no layout.

/// A laid-out node's centre and size, in points (Graphviz keeps the size in inches).
static inline int navgraph_node_box(Agnode_t *node, double *x, double *y, double *width, double *height)
{
    if (node == NULL || AGDATA(node) == NULL) return -1;
    *x = ND_coord(node).x;
    *y = ND_coord(node).y;
    *width = ND_width(node) * 72;
    *height = ND_height(node) * 72;
    return 0;
}

/// A laid-out graph's or cluster's box, in points.
static inline int navgraph_graph_box(Agraph_t *graph, double *minX, double *minY, double *maxX, double *maxY)
{
    if (graph == NULL || AGDATA(graph) == NULL) return -1;
    boxf box = GD_bb(graph);
    *minX = box.LL.x;
    *minY = box.LL.y;
    *maxX = box.UR.x;
    *maxY = box.UR.y;
    return 0;
}

/// How many clusters the layout found directly inside `graph` (0 where it holds no layout).
static inline int navgraph_cluster_count(Agraph_t *graph)
{
    if (graph == NULL || AGDATA(graph) == NULL || GD_clust(graph) == NULL) return 0;
    return GD_n_cluster(graph);
}

/// The layout's `index`th cluster (from 0) directly inside `graph`, or NULL (Graphviz counts them from 1).
static inline Agraph_t *navgraph_cluster(Agraph_t *graph, int index)
{
    if (index < 0 || index >= navgraph_cluster_count(graph)) return NULL;
    return GD_clust(graph)[index + 1];
}

/// Where a cluster's label is centred, when it has one (what Graphviz writes as its `lp`).
static inline int navgraph_cluster_label(Agraph_t *cluster, double *x, double *y)
{
    if (cluster == NULL || AGDATA(cluster) == NULL) return -1;
    textlabel_t *label = GD_label(cluster);
    if (label == NULL || label->text == NULL || label->text[0] == '\0') return -1;
    *x = label->pos.x;
    *y = label->pos.y;
    return 0;
}

/// How many control points the layout's spline of `edge` has, over all its Bézier pieces (0 where it has none):
/// the points Graphviz's `plain` output writes for the edge.
static inline int navgraph_edge_point_count(Agedge_t *edge)
{
    if (edge == NULL || AGDATA(edge) == NULL || ED_spl(edge) == NULL) return 0;
    int count = 0;
    for (int piece = 0; piece < ED_spl(edge)->size; piece++) count += ED_spl(edge)->list[piece].size;
    return count;
}

/// The `index`th control point (from 0, over the pieces in order) of `edge`'s spline, in points. (Read here rather
/// than from `plain` output, which writes each name through `agcanonStr`: that looks for cgraph's string header in
/// front of a name navgraph's ID discipline allocated itself, and wrapped names in `<…>` at random.)
static inline int navgraph_edge_point(Agedge_t *edge, int index, double *x, double *y)
{
    if (edge == NULL || AGDATA(edge) == NULL || ED_spl(edge) == NULL || index < 0) return -1;
    for (int piece = 0; piece < ED_spl(edge)->size; piece++) {
        bezier *bezier = &ED_spl(edge)->list[piece];
        if (index < bezier->size) {
            *x = bezier->list[index].x;
            *y = bezier->list[index].y;
            return 0;
        }
        index -= bezier->size;
    }
    return -1;
}

/// An edge's two ends (cgraph's `agtail` and `aghead` are macros).
static inline Agnode_t *navgraph_edge_tail(Agedge_t *edge) { return agtail(edge); }
static inline Agnode_t *navgraph_edge_head(Agedge_t *edge) { return aghead(edge); }
#endif
