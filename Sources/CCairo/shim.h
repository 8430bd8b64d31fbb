// cairo for the renderer: image surfaces for PNG and pixels, the SVG surface for vectors.
#include <cairo.h>
#include <cairo-svg.h>
