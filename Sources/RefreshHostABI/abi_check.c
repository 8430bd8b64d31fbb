/* Compiles refresh_host.h as C11 with every warning on, and pins the layout
 * of the version-1 structs: a change here is an ABI break and must fail the
 * build rather than ship. */
#include "refresh_host.h"
#include "refresh_host_ext.h"

_Static_assert(sizeof(rh_version_t) == 12, "rh_version_t layout");
_Static_assert(offsetof(rh_entry_t, abi_version) == 0, "abi_version must come first");
_Static_assert(offsetof(rh_entry_t, struct_size) == 12, "rh_entry_t layout");
_Static_assert(sizeof(rh_path_element_t) == 56, "rh_path_element_t layout");
_Static_assert(sizeof(rh_color_t) == 32, "rh_color_t layout");
_Static_assert(sizeof(rh_layer_t) == 4, "rh_layer_t layout");

/* ABI 1.0 on LP64 (x86-64, aarch64 Linux): every field of every table, and
 * where 1.1 appended to them. A minor version may only add fields after these; if one of these fails, the
 * change breaks plugins already built and needs a new major version. */
#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
/* rh_entry_t was 56 bytes until 1.4 appended to it (below). */
_Static_assert(offsetof(rh_entry_t, init) == 16, "rh_entry_t.init moved");
_Static_assert(offsetof(rh_entry_t, deinit) == 24, "rh_entry_t.deinit moved");
_Static_assert(offsetof(rh_entry_t, style_count) == 32, "rh_entry_t.style_count moved");
_Static_assert(offsetof(rh_entry_t, style_descriptor) == 40, "rh_entry_t.style_descriptor moved");
_Static_assert(offsetof(rh_entry_t, create) == 48, "rh_entry_t.create moved");
/* rh_style_descriptor_t was 112 bytes until 1.3 appended to it (below). */
_Static_assert(offsetof(rh_style_descriptor_t, id) == 8, "rh_style_descriptor_t.id moved");
_Static_assert(offsetof(rh_style_descriptor_t, name) == 16, "rh_style_descriptor_t.name moved");
_Static_assert(offsetof(rh_style_descriptor_t, version) == 24, "rh_style_descriptor_t.version moved");
_Static_assert(offsetof(rh_style_descriptor_t, vendor) == 32, "rh_style_descriptor_t.vendor moved");
_Static_assert(offsetof(rh_style_descriptor_t, description) == 40, "rh_style_descriptor_t.description moved");
_Static_assert(offsetof(rh_style_descriptor_t, tags) == 48, "rh_style_descriptor_t.tags moved");
_Static_assert(offsetof(rh_style_descriptor_t, height) == 56, "rh_style_descriptor_t.height moved");
_Static_assert(offsetof(rh_style_descriptor_t, cycle_duration) == 64, "rh_style_descriptor_t.cycle_duration moved");
_Static_assert(offsetof(rh_style_descriptor_t, cycle_delay) == 72, "rh_style_descriptor_t.cycle_delay moved");
_Static_assert(offsetof(rh_style_descriptor_t, cycle_curve) == 80, "rh_style_descriptor_t.cycle_curve moved");
_Static_assert(offsetof(rh_style_descriptor_t, cycle_spring_damping) == 88, "rh_style_descriptor_t.cycle_spring_damping moved");
_Static_assert(offsetof(rh_style_descriptor_t, cycle_spring_velocity) == 96, "rh_style_descriptor_t.cycle_spring_velocity moved");
_Static_assert(offsetof(rh_style_descriptor_t, presentation) == 104, "rh_style_descriptor_t.presentation moved");
_Static_assert(offsetof(rh_style_descriptor_t, anchor) == 108, "rh_style_descriptor_t.anchor moved");
/* rh_instance_t was 96 bytes until 1.3 appended to it (below). */
_Static_assert(offsetof(rh_instance_t, plugin_data) == 8, "rh_instance_t.plugin_data moved");
_Static_assert(offsetof(rh_instance_t, setup) == 16, "rh_instance_t.setup moved");
_Static_assert(offsetof(rh_instance_t, destroy) == 24, "rh_instance_t.destroy moved");
_Static_assert(offsetof(rh_instance_t, pull) == 32, "rh_instance_t.pull moved");
_Static_assert(offsetof(rh_instance_t, state_changed) == 40, "rh_instance_t.state_changed moved");
_Static_assert(offsetof(rh_instance_t, setup_for_cycle) == 48, "rh_instance_t.setup_for_cycle moved");
_Static_assert(offsetof(rh_instance_t, cycle) == 56, "rh_instance_t.cycle moved");
_Static_assert(offsetof(rh_instance_t, exit) == 64, "rh_instance_t.exit moved");
_Static_assert(offsetof(rh_instance_t, reset) == 72, "rh_instance_t.reset moved");
_Static_assert(offsetof(rh_instance_t, tick) == 80, "rh_instance_t.tick moved");
_Static_assert(offsetof(rh_instance_t, get_extension) == 88, "rh_instance_t.get_extension moved");
_Static_assert(offsetof(rh_host_t, layer_set_gradient) == 168, "rh_host_t.layer_set_gradient must follow 1.0's fields");
_Static_assert(offsetof(rh_host_t, layer_add_keyframe_animation) == 176, "1.2 must append to rh_host_t after 1.1's fields");
_Static_assert(offsetof(rh_host_t, host_data) == 16, "rh_host_t.host_data moved");
_Static_assert(offsetof(rh_host_t, name) == 24, "rh_host_t.name moved");
_Static_assert(offsetof(rh_host_t, version) == 32, "rh_host_t.version moved");
_Static_assert(offsetof(rh_host_t, get_extension) == 40, "rh_host_t.get_extension moved");
_Static_assert(offsetof(rh_host_t, log) == 48, "rh_host_t.log moved");
_Static_assert(offsetof(rh_host_t, now) == 56, "rh_host_t.now moved");
_Static_assert(offsetof(rh_host_t, layer_create) == 64, "rh_host_t.layer_create moved");
_Static_assert(offsetof(rh_host_t, layer_remove) == 72, "rh_host_t.layer_remove moved");
_Static_assert(offsetof(rh_host_t, layer_set) == 80, "rh_host_t.layer_set moved");
_Static_assert(offsetof(rh_host_t, layer_get) == 88, "rh_host_t.layer_get moved");
_Static_assert(offsetof(rh_host_t, layer_set_color) == 96, "rh_host_t.layer_set_color moved");
_Static_assert(offsetof(rh_host_t, layer_set_text) == 104, "rh_host_t.layer_set_text moved");
_Static_assert(offsetof(rh_host_t, layer_set_path) == 112, "rh_host_t.layer_set_path moved");
_Static_assert(offsetof(rh_host_t, animate_begin) == 120, "rh_host_t.animate_begin moved");
_Static_assert(offsetof(rh_host_t, animate_keyframe) == 128, "rh_host_t.animate_keyframe moved");
_Static_assert(offsetof(rh_host_t, animate_commit) == 136, "rh_host_t.animate_commit moved");
_Static_assert(offsetof(rh_host_t, layer_add_animation) == 144, "rh_host_t.layer_add_animation moved");
_Static_assert(offsetof(rh_host_t, layer_remove_animations) == 152, "rh_host_t.layer_remove_animations moved");
_Static_assert(offsetof(rh_host_t, layer_get_color) == 160, "rh_host_t.layer_get_color moved");
_Static_assert(offsetof(rh_timing_t, function) == 48, "1.2 must append to rh_timing_t after 1.1's fields");
_Static_assert(offsetof(rh_timing_t, duration) == 8, "rh_timing_t.duration moved");
_Static_assert(offsetof(rh_timing_t, delay) == 16, "rh_timing_t.delay moved");
_Static_assert(offsetof(rh_timing_t, curve) == 24, "rh_timing_t.curve moved");
_Static_assert(offsetof(rh_timing_t, spring_damping) == 32, "rh_timing_t.spring_damping moved");
_Static_assert(offsetof(rh_timing_t, spring_velocity) == 40, "rh_timing_t.spring_velocity moved");
_Static_assert(offsetof(rh_basic_animation_t, function) == 64, "1.2 must append to rh_basic_animation_t after 1.1's fields");
_Static_assert(offsetof(rh_basic_animation_t, property) == 4, "rh_basic_animation_t.property moved");
_Static_assert(offsetof(rh_basic_animation_t, from) == 8, "rh_basic_animation_t.from moved");
_Static_assert(offsetof(rh_basic_animation_t, to) == 16, "rh_basic_animation_t.to moved");
_Static_assert(offsetof(rh_basic_animation_t, duration) == 24, "rh_basic_animation_t.duration moved");
_Static_assert(offsetof(rh_basic_animation_t, delay) == 32, "rh_basic_animation_t.delay moved");
_Static_assert(offsetof(rh_basic_animation_t, curve) == 40, "rh_basic_animation_t.curve moved");
_Static_assert(offsetof(rh_basic_animation_t, repeat_count) == 48, "rh_basic_animation_t.repeat_count moved");
_Static_assert(offsetof(rh_basic_animation_t, autoreverse) == 56, "rh_basic_animation_t.autoreverse moved");

/* ABI 1.1's additions. */
_Static_assert(sizeof(rh_gradient_stop_t) == 40, "rh_gradient_stop_t changed size");
_Static_assert(offsetof(rh_gradient_stop_t, color) == 8, "rh_gradient_stop_t.color moved");
_Static_assert(offsetof(rh_gradient_t, kind) == 56, "1.2 must append to rh_gradient_t after 1.1's fields");
_Static_assert(offsetof(rh_gradient_t, start_x) == 8, "rh_gradient_t.start_x moved");
_Static_assert(offsetof(rh_gradient_t, start_y) == 16, "rh_gradient_t.start_y moved");
_Static_assert(offsetof(rh_gradient_t, end_x) == 24, "rh_gradient_t.end_x moved");
_Static_assert(offsetof(rh_gradient_t, end_y) == 32, "rh_gradient_t.end_y moved");
_Static_assert(offsetof(rh_gradient_t, stop_count) == 40, "rh_gradient_t.stop_count moved");
_Static_assert(offsetof(rh_gradient_t, stops) == 48, "rh_gradient_t.stops moved");

/* ABI 1.2's additions: the layout as shipped. */
/* rh_host_t was 288 bytes in 1.2; 1.3 appends (below). */
_Static_assert(offsetof(rh_host_t, layer_set_font) == 280, "rh_host_t.layer_set_font moved");
_Static_assert(sizeof(rh_timing_function_t) == 48, "rh_timing_function_t changed size");
_Static_assert(sizeof(rh_timing_t) == 96, "rh_timing_t changed size");
_Static_assert(sizeof(rh_basic_animation_t) == 112, "rh_basic_animation_t changed size");
_Static_assert(sizeof(rh_gradient_t) == 64, "rh_gradient_t changed size");
_Static_assert(sizeof(rh_keyframe_animation_t) == 96, "rh_keyframe_animation_t changed size");
_Static_assert(sizeof(rh_image_pixels_t) == 32, "rh_image_pixels_t changed size");
_Static_assert(sizeof(rh_image_sequence_t) == 40, "rh_image_sequence_t changed size");
_Static_assert(sizeof(rh_font_t) == 32, "rh_font_t changed size");
_Static_assert(sizeof(rh_path_t) == 16, "rh_path_t changed size");

/* ABI 1.3's additions: appended after 1.2's fields, and the new structs. */
_Static_assert(offsetof(rh_host_t, environment) == 288, "1.3 must append to rh_host_t after 1.2's fields");
_Static_assert(offsetof(rh_host_t, announce) == 312, "rh_host_t.announce moved");
_Static_assert(sizeof(rh_host_t) == 320, "rh_host_t changed size");
_Static_assert(offsetof(rh_instance_t, position) == 96, "1.3 must append to rh_instance_t after 1.0's fields");
_Static_assert(offsetof(rh_instance_t, exit_with_result) == 112, "rh_instance_t.exit_with_result moved");
_Static_assert(sizeof(rh_instance_t) == 120, "rh_instance_t changed size");
_Static_assert(offsetof(rh_style_descriptor_t, trigger_distance) == 112,
               "1.3 must append to rh_style_descriptor_t after 1.0's fields");
_Static_assert(offsetof(rh_style_descriptor_t, params) == 160, "rh_style_descriptor_t.params moved");
_Static_assert(offsetof(rh_style_descriptor_t, source) == 168,
               "1.4 must append to rh_style_descriptor_t after 1.3's fields");
_Static_assert(sizeof(rh_style_descriptor_t) == 176, "rh_style_descriptor_t changed size");
_Static_assert(sizeof(rh_pull_t) == 48, "rh_pull_t changed size");
_Static_assert(offsetof(rh_pull_t, distance) == 8, "rh_pull_t.distance moved");
_Static_assert(sizeof(rh_environment_t) == 184, "rh_environment_t changed size");
_Static_assert(offsetof(rh_environment_t, theme) == 72, "rh_environment_t.theme moved");
_Static_assert(sizeof(rh_theme_t) == 112, "rh_theme_t changed size");
_Static_assert(sizeof(rh_param_t) == 120, "rh_param_t changed size");
_Static_assert(sizeof(rh_param_value_t) == 64, "rh_param_value_t changed size");
_Static_assert(sizeof(rh_announcements_t) == 56, "rh_announcements_t changed size");
_Static_assert(sizeof(rh_refresh_result_t) == 16, "rh_refresh_result_t changed size");

/* ABI 1.4's additions. */
_Static_assert(offsetof(rh_entry_t, style_error) == 56, "1.4 must append to rh_entry_t after 1.0's fields");
_Static_assert(offsetof(rh_entry_t, data_paths) == 64, "rh_entry_t.data_paths moved");
_Static_assert(sizeof(rh_entry_t) == 72, "rh_entry_t changed size");

/* ABI 1.5: the core tables are frozen at their 1.4 sizes; new abilities are
 * extensions (refresh_host_ext.h), whose tables are frozen with their ids. */
_Static_assert(sizeof(rh_host_t) == 320, "rh_host_t is frozen at 1.4: add an extension instead");
_Static_assert(sizeof(rh_instance_t) == 120, "rh_instance_t is frozen at 1.4");
_Static_assert(sizeof(rh_style_descriptor_t) == 176, "rh_style_descriptor_t is frozen at 1.4");
_Static_assert(sizeof(rh_theme_ext_t) == 8, "rh.theme/1 is frozen");
_Static_assert(sizeof(rh_spring_ext_t) == 32, "rh.spring/1 is frozen");
_Static_assert(sizeof(rh_spring_t) == 40, "rh_spring_t layout");
_Static_assert(sizeof(rh_compose_ext_t) == 16, "rh.compose/1 is frozen");
_Static_assert(sizeof(rh_timeline_ext_t) == 48, "rh.timeline/1 is frozen");
#endif

/* The ABI version this copy of the header describes, for tools that inspect
 * the host library rather than the header. */
const char rh_header_version[] = "refresh_host.h ABI 1.5.0";
_Static_assert(RH_WARN_ADJUSTED == 1 && RH_WARN_NO_EFFECT == 2, "1.2 warning statuses");
_Static_assert(RH_PRESENTATION_FRONT == 2 && RH_STATE_NO_MORE == 6, "1.3 enum values");
_Static_assert(RH_STYLE_KNOWN_FLAGS == (RH_STYLE_THEMEABLE | RH_STYLE_REDUCED_MOTION | RH_STYLE_FOOTER
                                        | RH_STYLE_EXIT_WHILE_CLOSING), "1.3 style flags");
