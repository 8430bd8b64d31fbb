/* Compiles refresh_host_embed.h as C11 with every warning on, and pins the
 * layout of the 1.0 structs on LP64: a change here breaks applications
 * already built and needs a new major version (appending needs none). */
#include "refresh_host_embed.h"

_Static_assert(sizeof(rhe_version_t) == 12, "rhe_version_t layout");
_Static_assert(sizeof(rhe_color_t) == 32, "rhe_color_t layout");
_Static_assert(offsetof(rhe_host_options_t, struct_size) == 0, "struct_size must come first");
_Static_assert(offsetof(rhe_view_options_t, struct_size) == 0, "struct_size must come first");
_Static_assert(offsetof(rhe_style_info_t, struct_size) == 0, "struct_size must come first");
_Static_assert(offsetof(rhe_param_info_t, struct_size) == 0, "struct_size must come first");
_Static_assert(offsetof(rhe_event_t, struct_size) == 0, "struct_size must come first");
_Static_assert(offsetof(rhe_frame_t, struct_size) == 0, "struct_size must come first");
#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
_Static_assert(offsetof(rhe_host_options_t, search_paths) == 8, "rhe_host_options_t layout");
_Static_assert(offsetof(rhe_host_options_t, log_level) == 64, "rhe_host_options_t layout");
_Static_assert(offsetof(rhe_view_options_t, width) == 8, "rhe_view_options_t layout");
_Static_assert(offsetof(rhe_view_options_t, user_data) == sizeof(rhe_view_options_t) - 8, "rhe_view_options_t layout");
_Static_assert(offsetof(rhe_event_t, text) == 32, "rhe_event_t layout");
_Static_assert(offsetof(rhe_frame_t, time) == 8, "rhe_frame_t layout");
#endif
