// librsvg 2.54 (Debian librsvg2-dev): SVG documents parsed and drawn onto a cairo context.
#include <librsvg/rsvg.h>
