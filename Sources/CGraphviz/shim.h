// libgvc (Graphviz) as one C module. Only NavGraphGraphviz imports it.
#ifndef NAVGRAPH_CGRAPHVIZ_SHIM_H
#define NAVGRAPH_CGRAPHVIZ_SHIM_H
// By name within Graphviz's own include folder, which pkg-config's `-I` names on every system: Debian's headers are
// also reachable as <graphviz/gvc.h>, Homebrew's (/opt/homebrew/include is not searched by default) are not.
#include <gvc.h>
#include <cgraph.h>

// cgraph's default memory and I/O disciplines. Swift 6 will not touch a mutable C global directly; these are never
// written, only handed back to cgraph.
static inline Agmemdisc_t *navgraph_default_memory_discipline(void) { return &AgMemDisc; }
static inline Agiodisc_t *navgraph_default_io_discipline(void) { return &AgIoDisc; }
#endif
