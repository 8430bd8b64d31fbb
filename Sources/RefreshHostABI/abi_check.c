/* Compiles refresh_host.h as C11 with every warning on, and pins the layout
 * of the version-1 structs: a change here is an ABI break and must fail the
 * build rather than ship. */
#include "refresh_host.h"

_Static_assert(sizeof(rh_version_t) == 12, "rh_version_t layout");
_Static_assert(offsetof(rh_entry_t, abi_version) == 0, "abi_version must come first");
_Static_assert(offsetof(rh_entry_t, struct_size) == 12, "rh_entry_t layout");
_Static_assert(sizeof(rh_path_element_t) == 56, "rh_path_element_t layout");
_Static_assert(sizeof(rh_color_t) == 32, "rh_color_t layout");
_Static_assert(sizeof(rh_layer_t) == 4, "rh_layer_t layout");

/* The ABI version this copy of the header describes, for tools that inspect
 * the host library rather than the header. */
const char rh_header_version[] = "refresh_host.h ABI 1.0.0";
