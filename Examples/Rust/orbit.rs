//! Orbit: a RefreshHost style written in Rust, to show that the ABI needs
//! nothing but C: no bindings generator, no crate, no Rust code of ours. The
//! types below mirror `refresh_host.h` field by field (`#[repr(C)]`), and the
//! library exports one function, `rh_entry`.
//!
//! Three dots wait on a ring; they grow with the pull, the ring turns once per
//! cycle, and the exit fades them out before calling `done`.
//!
//! It declares ABI 1.0 on purpose: built against 1.0, it runs on every 1.x host
//! (the host is 1.1), which is the versioning policy at work. So it mirrors the
//! 1.0 structs only; `rh_host_t` ends at `layer_get_color` for it.
//!
//!     rustc --edition 2021 --crate-type cdylib -C opt-level=2 -C panic=abort -o libOrbit.so orbit.rs
//!     refresh-host validate ./libOrbit.so --strictness 10

#![allow(non_camel_case_types)]

use std::os::raw::{c_char, c_void};
use std::ptr;

// ---- The ABI, as refresh_host.h declares it (1.0) ----

type rh_layer_t = u32;
type rh_status_t = i32;
type rh_completion_fn = Option<unsafe extern "C" fn(user: *mut c_void, finished: bool)>;
type rh_done_fn = Option<unsafe extern "C" fn()>;

const RH_LAYER_NONE: rh_layer_t = 0;
const RH_LAYER_GROUP: i32 = 0;
const RH_LAYER_ELLIPSE: i32 = 2;
const RH_PROP_POSITION_X: i32 = 0;
const RH_PROP_POSITION_Y: i32 = 1;
const RH_PROP_WIDTH: i32 = 2;
const RH_PROP_HEIGHT: i32 = 3;
const RH_PROP_ROTATION: i32 = 6;
const RH_PROP_SCALE: i32 = 9;
const RH_PROP_OPACITY: i32 = 12;
const RH_COLOR_FILL: i32 = 0;
const RH_CURVE_LINEAR: i32 = 0;
const RH_CURVE_EASE_IN: i32 = 1;
const RH_PRESENTATION_SLIDE_DOWN: i32 = 0;
const RH_ANCHOR_TOP: i32 = 0;

#[repr(C)]
#[derive(Clone, Copy)]
struct rh_version_t {
    major: u32,
    minor: u32,
    patch: u32,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct rh_color_t {
    r: f64,
    g: f64,
    b: f64,
    a: f64,
}

#[repr(C)]
struct rh_timing_t {
    struct_size: u32,
    duration: f64,
    delay: f64,
    curve: i32,
    spring_damping: f64,
    spring_velocity: f64,
}

#[repr(C)]
struct rh_basic_animation_t {
    struct_size: u32,
    property: i32,
    from: f64,
    to: f64,
    duration: f64,
    delay: f64,
    curve: i32,
    repeat_count: f64,
    autoreverse: bool,
}

#[repr(C)]
struct rh_host_t {
    abi_version: rh_version_t,
    struct_size: u32,
    host_data: *mut c_void,
    name: *const c_char,
    version: *const c_char,
    get_extension: Option<unsafe extern "C" fn(*const rh_host_t, *const c_char) -> *const c_void>,
    log: Option<unsafe extern "C" fn(*const rh_host_t, i32, *const c_char)>,
    now: Option<unsafe extern "C" fn(*const rh_host_t) -> f64>,
    layer_create: Option<unsafe extern "C" fn(*const rh_host_t, i32, rh_layer_t) -> rh_layer_t>,
    layer_remove: Option<unsafe extern "C" fn(*const rh_host_t, rh_layer_t) -> rh_status_t>,
    layer_set: Option<unsafe extern "C" fn(*const rh_host_t, rh_layer_t, i32, f64) -> rh_status_t>,
    layer_get: Option<unsafe extern "C" fn(*const rh_host_t, rh_layer_t, i32, *mut f64) -> rh_status_t>,
    layer_set_color: Option<unsafe extern "C" fn(*const rh_host_t, rh_layer_t, i32, *const rh_color_t) -> rh_status_t>,
    layer_set_text: Option<unsafe extern "C" fn(*const rh_host_t, rh_layer_t, *const c_char) -> rh_status_t>,
    layer_set_path: Option<unsafe extern "C" fn(*const rh_host_t, rh_layer_t, *const c_void, usize) -> rh_status_t>,
    animate_begin: Option<unsafe extern "C" fn(*const rh_host_t, *const rh_timing_t) -> rh_status_t>,
    animate_keyframe: Option<unsafe extern "C" fn(*const rh_host_t, f64, f64) -> rh_status_t>,
    animate_commit: Option<unsafe extern "C" fn(*const rh_host_t, rh_completion_fn, *mut c_void) -> rh_status_t>,
    layer_add_animation: Option<
        unsafe extern "C" fn(*const rh_host_t, rh_layer_t, *const rh_basic_animation_t, rh_completion_fn, *mut c_void)
            -> rh_status_t,
    >,
    layer_remove_animations: Option<unsafe extern "C" fn(*const rh_host_t, rh_layer_t) -> rh_status_t>,
    layer_get_color: Option<unsafe extern "C" fn(*const rh_host_t, rh_layer_t, i32, *mut rh_color_t) -> rh_status_t>,
}

#[repr(C)]
struct rh_instance_t {
    struct_size: u32,
    plugin_data: *mut c_void,
    setup: Option<unsafe extern "C" fn(*const rh_instance_t, rh_layer_t) -> bool>,
    destroy: Option<unsafe extern "C" fn(*const rh_instance_t)>,
    pull: Option<unsafe extern "C" fn(*const rh_instance_t, f64, f64, f64)>,
    state_changed: Option<unsafe extern "C" fn(*const rh_instance_t, i32, i32)>,
    setup_for_cycle: Option<unsafe extern "C" fn(*const rh_instance_t)>,
    cycle: Option<unsafe extern "C" fn(*const rh_instance_t)>,
    exit: Option<unsafe extern "C" fn(*const rh_instance_t, rh_done_fn)>,
    reset: Option<unsafe extern "C" fn(*const rh_instance_t)>,
    tick: Option<unsafe extern "C" fn(*const rh_instance_t, f64, f64)>,
    get_extension: Option<unsafe extern "C" fn(*const rh_instance_t, *const c_char) -> *const c_void>,
}

#[repr(C)]
struct rh_style_descriptor_t {
    struct_size: u32,
    id: *const c_char,
    name: *const c_char,
    version: *const c_char,
    vendor: *const c_char,
    description: *const c_char,
    tags: *const *const c_char,
    height: f64,
    cycle_duration: f64,
    cycle_delay: f64,
    cycle_curve: i32,
    cycle_spring_damping: f64,
    cycle_spring_velocity: f64,
    presentation: i32,
    anchor: i32,
}

#[repr(C)]
struct rh_entry_t {
    abi_version: rh_version_t,
    struct_size: u32,
    init: Option<unsafe extern "C" fn(*const c_char) -> bool>,
    deinit: Option<unsafe extern "C" fn()>,
    style_count: Option<unsafe extern "C" fn() -> u32>,
    style_descriptor: Option<unsafe extern "C" fn(u32) -> *const rh_style_descriptor_t>,
    create: Option<unsafe extern "C" fn(*const rh_host_t, *const c_char) -> *const rh_instance_t>,
}

/// The tables are plain data the host only reads; raw pointers make Rust
/// doubt that, so say it once here.
struct Shared<T>(T);
unsafe impl<T> Sync for Shared<T> {}

// ---- The style ----

const ID: &[u8] = b"com.example.orbit\0";
const DOT_SIZE: f64 = 12.0;
const RING: f64 = 16.0; // radius of the dots' circle
const COLOURS: [rh_color_t; 3] = [
    rh_color_t { r: 0.93, g: 0.30, b: 0.36, a: 1.0 },
    rh_color_t { r: 0.99, g: 0.71, b: 0.20, a: 1.0 },
    rh_color_t { r: 0.25, g: 0.55, b: 0.95, a: 1.0 },
];

static DESCRIPTOR: Shared<rh_style_descriptor_t> = Shared(rh_style_descriptor_t {
    struct_size: std::mem::size_of::<rh_style_descriptor_t>() as u32,
    id: ID.as_ptr() as *const c_char,
    name: b"Orbit\0".as_ptr() as *const c_char,
    version: b"1.0.0\0".as_ptr() as *const c_char,
    vendor: b"Example\0".as_ptr() as *const c_char,
    description: b"Three dots that grow with the pull and circle once per cycle (written in Rust).\0".as_ptr()
        as *const c_char,
    tags: ptr::null(),
    height: 70.0,
    cycle_duration: 0.9,
    cycle_delay: 0.0,
    cycle_curve: RH_CURVE_LINEAR,
    cycle_spring_damping: 0.8,
    cycle_spring_velocity: 1.0,
    presentation: RH_PRESENTATION_SLIDE_DOWN,
    anchor: RH_ANCHOR_TOP,
});

/// One instance. `instance` comes first, and its plugin_data points back here.
#[repr(C)]
struct Orbit {
    instance: rh_instance_t,
    host: *const rh_host_t,
    ring: rh_layer_t,
    dots: [rh_layer_t; 3],
    done: rh_done_fn,
}

unsafe fn orbit<'a>(instance: *const rh_instance_t) -> &'a mut Orbit {
    &mut *((*instance).plugin_data as *mut Orbit)
}

/// Calls a host service. Every field of a 1.0 host is present; a missing one
/// would be a broken host, and a panic aborts (panic=abort) instead of
/// unwinding into C.
macro_rules! host {
    ($o:expr, $service:ident ( $($arg:expr),* )) => {
        ((*$o.host).$service.expect(stringify!($service)))($o.host $(, $arg)*)
    };
}

unsafe fn set_scale(o: &Orbit, scale: f64) {
    for &dot in o.dots.iter() {
        host!(o, layer_set(dot, RH_PROP_SCALE, scale));
    }
}

unsafe extern "C" fn orbit_setup(instance: *const rh_instance_t, root: rh_layer_t) -> bool {
    let o = orbit(instance);
    let mut width = 0.0;
    host!(o, layer_get(root, RH_PROP_WIDTH, &mut width));
    o.ring = host!(o, layer_create(RH_LAYER_GROUP, root));
    if o.ring == RH_LAYER_NONE {
        return false;
    }
    let side = 2.0 * RING + DOT_SIZE;
    host!(o, layer_set(o.ring, RH_PROP_WIDTH, side));
    host!(o, layer_set(o.ring, RH_PROP_HEIGHT, side));
    host!(o, layer_set(o.ring, RH_PROP_POSITION_X, width / 2.0));
    host!(o, layer_set(o.ring, RH_PROP_POSITION_Y, 35.0));
    for (i, colour) in COLOURS.iter().enumerate() {
        let dot = host!(o, layer_create(RH_LAYER_ELLIPSE, o.ring));
        if dot == RH_LAYER_NONE {
            return false;
        }
        let angle = -std::f64::consts::FRAC_PI_2 + i as f64 * 2.0 * std::f64::consts::PI / 3.0;
        host!(o, layer_set(dot, RH_PROP_WIDTH, DOT_SIZE));
        host!(o, layer_set(dot, RH_PROP_HEIGHT, DOT_SIZE));
        host!(o, layer_set(dot, RH_PROP_POSITION_X, side / 2.0 + RING * angle.cos()));
        host!(o, layer_set(dot, RH_PROP_POSITION_Y, side / 2.0 + RING * angle.sin()));
        host!(o, layer_set_color(dot, RH_COLOR_FILL, colour));
        o.dots[i] = dot;
    }
    set_scale(o, 0.0);
    true
}

unsafe extern "C" fn orbit_pull(instance: *const rh_instance_t, _distance: f64, ratio: f64, _velocity: f64) {
    set_scale(orbit(instance), ratio);
}

unsafe extern "C" fn orbit_setup_for_cycle(instance: *const rh_instance_t) {
    let o = orbit(instance);
    set_scale(o, 1.0); // full size, also when the refresh was started without a pull
    let turn = rh_basic_animation_t {
        struct_size: std::mem::size_of::<rh_basic_animation_t>() as u32,
        property: RH_PROP_ROTATION,
        from: 0.0,
        to: 2.0 * std::f64::consts::PI,
        duration: DESCRIPTOR.0.cycle_duration,
        delay: 0.0,
        curve: RH_CURVE_LINEAR,
        repeat_count: 1.0,
        autoreverse: false,
    };
    host!(o, layer_add_animation(o.ring, &turn, None, ptr::null_mut()));
}

unsafe extern "C" fn orbit_exit_finished(user: *mut c_void, _finished: bool) {
    let o = &mut *(user as *mut Orbit);
    if let Some(done) = o.done.take() {
        done();
    }
}

unsafe extern "C" fn orbit_exit(instance: *const rh_instance_t, done: rh_done_fn) {
    let o = orbit(instance);
    o.done = done;
    let fade = rh_timing_t {
        struct_size: std::mem::size_of::<rh_timing_t>() as u32,
        duration: 0.25,
        delay: 0.0,
        curve: RH_CURVE_EASE_IN,
        spring_damping: 1.0,
        spring_velocity: 0.0,
    };
    host!(o, animate_begin(&fade));
    host!(o, layer_set(o.ring, RH_PROP_OPACITY, 0.0));
    host!(o, animate_commit(Some(orbit_exit_finished), o as *mut Orbit as *mut c_void));
}

unsafe extern "C" fn orbit_reset(instance: *const rh_instance_t) {
    let o = orbit(instance);
    host!(o, layer_set(o.ring, RH_PROP_OPACITY, 1.0));
    set_scale(o, 0.0);
}

unsafe extern "C" fn orbit_destroy(instance: *const rh_instance_t) {
    drop(Box::from_raw((*instance).plugin_data as *mut Orbit));
}

unsafe extern "C" fn style_count() -> u32 {
    1
}

unsafe extern "C" fn style_descriptor(index: u32) -> *const rh_style_descriptor_t {
    if index == 0 { &DESCRIPTOR.0 } else { ptr::null() }
}

unsafe extern "C" fn create(host: *const rh_host_t, style_id: *const c_char) -> *const rh_instance_t {
    if host.is_null() || style_id.is_null() || std::ffi::CStr::from_ptr(style_id).to_bytes_with_nul() != ID {
        return ptr::null();
    }
    let o = Box::into_raw(Box::new(Orbit {
        instance: rh_instance_t {
            struct_size: std::mem::size_of::<rh_instance_t>() as u32,
            plugin_data: ptr::null_mut(),
            setup: Some(orbit_setup),
            destroy: Some(orbit_destroy),
            pull: Some(orbit_pull),
            state_changed: None,
            setup_for_cycle: Some(orbit_setup_for_cycle),
            cycle: None, // the turn is the key-path animation added before each cycle
            exit: Some(orbit_exit),
            reset: Some(orbit_reset),
            tick: None,
            get_extension: None,
        },
        host,
        ring: RH_LAYER_NONE,
        dots: [RH_LAYER_NONE; 3],
        done: None,
    }));
    (*o).instance.plugin_data = o as *mut c_void;
    &(*o).instance
}

static ENTRY: Shared<rh_entry_t> = Shared(rh_entry_t {
    abi_version: rh_version_t { major: 1, minor: 0, patch: 0 },
    struct_size: std::mem::size_of::<rh_entry_t>() as u32,
    init: None,
    deinit: None,
    style_count: Some(style_count),
    style_descriptor: Some(style_descriptor),
    create: Some(create),
});

/// The one symbol the host looks up.
#[no_mangle]
pub extern "C" fn rh_entry() -> *const c_void {
    &ENTRY.0 as *const rh_entry_t as *const c_void
}
