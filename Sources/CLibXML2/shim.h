// libxml2 (Debian libxml2-dev): the SAX pass that counts an SVG's elements and depth before librsvg loads it.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with the copy Foundation carries in any module
// that imports both. Nothing here touches the ICU converters (only the layout of
// xmlCharEncodingHandler, which is never read from Swift, depends on this), so they are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
// The HTML parser (cards written in HTML): browsers' error recovery, no network.
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
