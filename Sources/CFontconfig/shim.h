// fontconfig for text: family, weight and slant matched to an installed font,
// and cairo-ft to draw that font (cairo's toy API knows only regular and bold).
#ifndef REFRESH_CFONTCONFIG_SHIM_H
#define REFRESH_CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>
#include <cairo.h>
#include <cairo-ft.h>
#include <stdbool.h>
#include <strings.h>

// CSS generic families: fontconfig's configuration aliases them to an
// installed font, so they count as installed although no font is named so.
static inline bool rh_font_family_is_generic(const char *family) {
    static const char *const generic[] = {
        "serif", "sans-serif", "sans", "monospace", "mono", "cursive", "fantasy", "system-ui", "emoji", "math",
    };
    for (size_t i = 0; i < sizeof generic / sizeof generic[0]; i++) {
        if (strcasecmp(family, generic[i]) == 0) return true;
    }
    return false;
}

// Whether an installed font has this family name (fontconfig compares family
// names without case and spaces), or it is a generic family.
static inline bool rh_font_family_installed(const char *family) {
    if (rh_font_family_is_generic(family)) return true;
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return false;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcObjectSet *objects = FcObjectSetBuild(FC_FAMILY, (char *)0);
    FcFontSet *fonts = objects ? FcFontList(NULL, pattern, objects) : NULL;
    bool found = fonts && fonts->nfont > 0;
    if (fonts) FcFontSetDestroy(fonts);
    if (objects) FcObjectSetDestroy(objects);
    FcPatternDestroy(pattern);
    return found;
}

#endif
