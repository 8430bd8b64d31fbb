/* RhRefreshView: properties, the library view's lifetime, frames, layout and
 * drawing. Input is in rh-refresh-input.c, the shared host in rh-refresh-host.c. */
#include "rh-refresh-view-private.h"

#include <math.h>

/**
 * RhRefreshView:
 *
 * A container for one scrollable child that shows a RefreshHost style when
 * the user pulls at the list's top (or bottom, for a footer) and emits
 * #RhRefreshView::refresh. Keyboard: F5 and Ctrl+R (while the focus is
 * inside the view) start a refresh, as does the "refresh-view.refresh" action.
 */

enum {
    PROP_0,
    PROP_CHILD,
    PROP_STYLE_ID,
    PROP_ISOLATION,
    PROP_EDGE,
    PROP_PHYSICS,
    PROP_DARK,
    PROP_REDUCE_MOTION,
    PROP_MOUSE_DRAG,
    PROP_STATE,
    PROP_STYLE_LOADED,
    PROP_ANNOUNCEMENT,
    N_PROPS
};
static GParamSpec *props[N_PROPS];

enum { SIGNAL_REFRESH, SIGNAL_STYLE_FAILED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_TYPE(RhRefreshView, rh_refresh_view, GTK_TYPE_WIDGET)

/* -- Enums, registered by hand (no glib-mkenums step in the build). */

#define RH_DEFINE_ENUM(TypeName, type_name, ...)                                                  \
    GType type_name##_get_type(void)                                                              \
    {                                                                                             \
        static gsize type_id;                                                                     \
        static const GEnumValue values[] = {__VA_ARGS__, {0, NULL, NULL}};                        \
        if (g_once_init_enter(&type_id))                                                          \
            g_once_init_leave(&type_id, g_enum_register_static(g_intern_static_string(#TypeName), \
                                                               values));                          \
        return type_id;                                                                           \
    }

RH_DEFINE_ENUM(RhRefreshState, rh_refresh_state,
               {RH_REFRESH_STATE_IDLE, "RH_REFRESH_STATE_IDLE", "idle"},
               {RH_REFRESH_STATE_PULLING, "RH_REFRESH_STATE_PULLING", "pulling"},
               {RH_REFRESH_STATE_ARMED, "RH_REFRESH_STATE_ARMED", "armed"},
               {RH_REFRESH_STATE_REFRESHING, "RH_REFRESH_STATE_REFRESHING", "refreshing"},
               {RH_REFRESH_STATE_EXITING, "RH_REFRESH_STATE_EXITING", "exiting"},
               {RH_REFRESH_STATE_RESETTING, "RH_REFRESH_STATE_RESETTING", "resetting"},
               {RH_REFRESH_STATE_NO_MORE, "RH_REFRESH_STATE_NO_MORE", "no-more"})
RH_DEFINE_ENUM(RhRefreshResult, rh_refresh_result,
               {RH_REFRESH_RESULT_SUCCESS, "RH_REFRESH_RESULT_SUCCESS", "success"},
               {RH_REFRESH_RESULT_FAILURE, "RH_REFRESH_RESULT_FAILURE", "failure"},
               {RH_REFRESH_RESULT_NO_MORE, "RH_REFRESH_RESULT_NO_MORE", "no-more"})
RH_DEFINE_ENUM(RhRefreshEdge, rh_refresh_edge,
               {RH_REFRESH_EDGE_TOP, "RH_REFRESH_EDGE_TOP", "top"},
               {RH_REFRESH_EDGE_BOTTOM, "RH_REFRESH_EDGE_BOTTOM", "bottom"})
RH_DEFINE_ENUM(RhRefreshPhysics, rh_refresh_physics,
               {RH_REFRESH_PHYSICS_DEFAULT, "RH_REFRESH_PHYSICS_DEFAULT", "default"},
               {RH_REFRESH_PHYSICS_IOS, "RH_REFRESH_PHYSICS_IOS", "ios"},
               {RH_REFRESH_PHYSICS_MATERIAL, "RH_REFRESH_PHYSICS_MATERIAL", "material"},
               {RH_REFRESH_PHYSICS_ANDROID_STRETCH, "RH_REFRESH_PHYSICS_ANDROID_STRETCH", "android-stretch"},
               {RH_REFRESH_PHYSICS_SMART, "RH_REFRESH_PHYSICS_SMART", "smart"})
RH_DEFINE_ENUM(RhRefreshIsolation, rh_refresh_isolation,
               {RH_REFRESH_ISOLATION_WORKER, "RH_REFRESH_ISOLATION_WORKER", "worker"},
               {RH_REFRESH_ISOLATION_IN_PROCESS, "RH_REFRESH_ISOLATION_IN_PROCESS", "in-process"})

/* -- Time */

/* The frame clock's time when the widget has one: input handled in a frame
 * (GTK delivers events in the frame's flush phase) then carries the time the
 * tick advances to, so the tick's advance is the input's frame and costs no
 * second trip to the style's worker. Outside a frame GTK gives a current time. */
double rh_refresh_view_now(RhRefreshView *self)
{
    GdkFrameClock *clock = gtk_widget_get_frame_clock(GTK_WIDGET(self));
    double now = clock ? (double)gdk_frame_clock_get_frame_time(clock) / 1e6 : (double)g_get_monotonic_time() / 1e6;
    if (now < self->last_time)
        now = self->last_time;
    self->last_time = now;
    return now;
}

/* The frame clock's time (the frame being drawn), kept monotonic with the input times. */
static double frame_time(RhRefreshView *self, GdkFrameClock *clock)
{
    double t = (double)gdk_frame_clock_get_frame_time(clock) / 1e6;
    if (t < self->last_time)
        t = self->last_time;
    self->last_time = t;
    return t;
}

/* -- Events from the library (inside the call that caused them). */

static void set_state(RhRefreshView *self, RhRefreshState state)
{
    if (self->state == state)
        return;
    self->state = state;
    gboolean busy = state == RH_REFRESH_STATE_REFRESHING || state == RH_REFRESH_STATE_EXITING;
    gtk_accessible_update_state(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_STATE_BUSY, busy, -1);
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_STATE]);
}

/* GTK 4.8 has no gtk_accessible_announce (4.14): the announcement becomes the
 * view's accessible description, which AT-SPI reports as a description
 * change, and the view's busy state follows the refresh. The text also stays
 * readable as RhRefreshView:announcement for the application to route. */
void rh_refresh_view_announce(RhRefreshView *self, const char *text)
{
    g_free(self->announcement);
    self->announcement = g_strdup(text);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_ANNOUNCEMENT]);
}

static void on_event(rhe_view_t *view, const rhe_event_t *event, void *user_data)
{
    (void)view;
    RhRefreshView *self = user_data;
    switch (event->kind) {
    case RHE_EVENT_REFRESH_REQUESTED:
        g_signal_emit(self, signals[SIGNAL_REFRESH], 0);
        break;
    case RHE_EVENT_STATE_CHANGED:
        set_state(self, (RhRefreshState)event->new_state);
        break;
    case RHE_EVENT_ANNOUNCEMENT:
        rh_refresh_view_announce(self, event->text);
        break;
    case RHE_EVENT_STYLE_FAILED:
        self->frame.style_failed = TRUE;
        g_object_notify_by_pspec(G_OBJECT(self), props[PROP_STYLE_LOADED]);
        g_signal_emit(self, signals[SIGNAL_STYLE_FAILED], 0, event->text);
        break;
    default: /* haptics: a desktop has none to play */
        break;
    }
}

/* -- The library view */

static void free_view(RhRefreshView *self)
{
    if (!self->view)
        return;
    rh_refresh_input_reset(self);
    rhe_view_free(self->view);
    self->view = NULL;
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_STYLE_LOADED]);
    memset(&self->frame, 0, sizeof self->frame);
    set_state(self, RH_REFRESH_STATE_IDLE);
    gtk_widget_queue_allocate(GTK_WIDGET(self));
}

static void fail(RhRefreshView *self, const char *reason)
{
    g_signal_emit(self, signals[SIGNAL_STYLE_FAILED], 0, reason);
}

/* Makes the library's view for the current properties and size. A style
 * that cannot start is reported through ::style-failed and leaves the view
 * without a header (the list still scrolls). */
static void build_view(RhRefreshView *self)
{
    free_view(self);
    int width = gtk_widget_get_width(GTK_WIDGET(self));
    int height = gtk_widget_get_height(GTK_WIDGET(self));
    if (width < 10 || height < 10)
        return; /* still pending: size_allocate asks again */
    self->rebuild_pending = FALSE;
    self->view_width = width;
    self->view_height = height;
    self->view_scale = gtk_widget_get_scale_factor(GTK_WIDGET(self));
    if (!self->style_id || !*self->style_id)
        return;
    GError *error = NULL;
    rhe_host_t *host = rh_refresh_host_get(&error);
    if (!host) {
        fail(self, error->message);
        g_error_free(error);
        return;
    }
    rhe_view_options_t options;
    RHE_INIT(&options);
    options.width = MIN(width, 10000);
    options.height = MIN(height, 10000);
    options.scale = gtk_widget_get_scale_factor(GTK_WIDGET(self));
    options.edge = (rhe_edge_t)self->edge;
    options.physics = (rhe_physics_t)self->physics;
    options.dark = self->dark;
    options.reduce_motion = self->reduce_motion;
    options.isolation = (rhe_isolation_t)self->isolation;
    options.on_event = on_event;
    options.user_data = self;
    rhe_view_t *view = NULL;
    if (rhe_view_new(host, self->style_id, &options, rh_refresh_view_now(self), &view) != RHE_OK) {
        char *reason = g_strdup(rhe_last_error());
        fail(self, reason);
        g_free(reason);
        return;
    }
    self->view = view;
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_STYLE_LOADED]);
    rh_refresh_view_after_input(self);
}

static gboolean rebuild_now(gpointer data)
{
    RhRefreshView *self = data;
    self->rebuild_source = 0;
    if (self->state != RH_REFRESH_STATE_IDLE && self->view)
        return G_SOURCE_REMOVE; /* made again when the view comes to rest (tick) */
    build_view(self);
    return G_SOURCE_REMOVE;
}

/* View options are fixed when the library's view is made: a changed
 * property or size makes it again, once idle (a running refresh finishes
 * first), from an idle callback so a burst of changes makes it once. */
static void schedule_rebuild(RhRefreshView *self)
{
    self->rebuild_pending = TRUE;
    if (!self->rebuild_source && gtk_widget_get_realized(GTK_WIDGET(self)))
        self->rebuild_source = g_idle_add(rebuild_now, self);
}

/* -- Frames */

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    (void)data;
    RhRefreshView *self = RH_REFRESH_VIEW(widget);
    if (!self->view) {
        self->tick_id = 0;
        return G_SOURCE_REMOVE;
    }
    rhe_frame_t frame;
    RHE_INIT(&frame);
    if (rhe_view_advance(self->view, frame_time(self, clock), &frame) == RHE_OK) {
        gboolean moved = frame.content_offset != self->frame.content_offset ||
                         frame.content_stretch != self->frame.content_stretch;
        self->frame = frame;
        if (moved)
            gtk_widget_queue_allocate(widget);
        gtk_widget_queue_draw(widget);
    }
    gboolean input = self->drag_pulling || self->wheel_pulling;
    if (self->frame.needs_frames || input)
        return G_SOURCE_CONTINUE;
    /* At rest: no more frames until the next input, so an idle window costs nothing. */
    self->tick_id = 0;
    if (self->rebuild_pending && self->state == RH_REFRESH_STATE_IDLE)
        schedule_rebuild(self);
    return G_SOURCE_REMOVE;
}

void rh_refresh_view_ensure_ticking(RhRefreshView *self)
{
    if (!self->tick_id && self->view)
        self->tick_id = gtk_widget_add_tick_callback(GTK_WIDGET(self), tick, NULL, NULL);
}

void rh_refresh_view_after_input(RhRefreshView *self)
{
    if (!self->view)
        return;
    rhe_frame_t frame;
    RHE_INIT(&frame);
    if (rhe_view_advance(self->view, rh_refresh_view_now(self), &frame) == RHE_OK) {
        self->frame = frame;
        gtk_widget_queue_allocate(GTK_WIDGET(self));
        gtk_widget_queue_draw(GTK_WIDGET(self));
    }
    rh_refresh_view_ensure_ticking(self);
}

/* The library's view follows the widget's size in place (the style gets a
 * new instance in the same worker, at the same point of its pull or
 * refresh). Below 10 points there is nothing to show: the old size stays. */
static void resize_view(RhRefreshView *self, int width, int height)
{
    if (width < 10 || height < 10)
        return;
    double scale = gtk_widget_get_scale_factor(GTK_WIDGET(self));
    if (rhe_view_set_size(self->view, rh_refresh_view_now(self), MIN(width, 10000), MIN(height, 10000), scale) != RHE_OK) {
        g_warning("RhRefreshView: %s", rhe_last_error());
        return;
    }
    self->view_width = width;
    self->view_height = height;
    self->view_scale = (int)scale;
    /* The new header's geometry on the next frame (allocation is running now: no new one is queued here). */
    rh_refresh_view_ensure_ticking(self);
}

static void on_scale_factor(GObject *object, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    (void)data;
    RhRefreshView *self = RH_REFRESH_VIEW(object);
    if (self->view && gtk_widget_get_scale_factor(GTK_WIDGET(self)) != self->view_scale)
        rhe_view_set_size(self->view, rh_refresh_view_now(self), MIN(self->view_width, 10000),
                          MIN(self->view_height, 10000), gtk_widget_get_scale_factor(GTK_WIDGET(self)));
    self->view_scale = gtk_widget_get_scale_factor(GTK_WIDGET(self));
    rh_refresh_view_ensure_ticking(self);
}

/* -- Layout: the child is moved by a transform, never resized or given a
 * margin (a new allocation makes GtkListView drift its scroll value). */

static void measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                    int *minimum_baseline, int *natural_baseline)
{
    RhRefreshView *self = RH_REFRESH_VIEW(widget);
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    if (self->child && gtk_widget_get_visible(self->child))
        gtk_widget_measure(self->child, orientation, for_size, minimum, natural, NULL, NULL);
}

static void size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    RhRefreshView *self = RH_REFRESH_VIEW(widget);
    if (self->child && gtk_widget_get_visible(self->child)) {
        double sign = self->edge == RH_REFRESH_EDGE_BOTTOM ? -1.0 : 1.0;
        GskTransform *transform = NULL;
        if (self->view && self->frame.content_offset > 0)
            transform = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(0, (float)(sign * self->frame.content_offset)));
        if (self->view && self->frame.content_stretch > 0) {
            /* Stretch from the pulled edge. */
            float pivot = self->edge == RH_REFRESH_EDGE_BOTTOM ? (float)height : 0.0f;
            transform = gsk_transform_translate(transform, &GRAPHENE_POINT_INIT(0, pivot));
            transform = gsk_transform_scale(transform, 1.0f, (float)(1.0 + self->frame.content_stretch));
            transform = gsk_transform_translate(transform, &GRAPHENE_POINT_INIT(0, -pivot));
        }
        gtk_widget_allocate(self->child, width, height, baseline, transform);
    }
    /* The first size makes the view; a new one is the same view resized (same worker). */
    if (self->rebuild_pending)
        schedule_rebuild(self);
    else if (self->view && (width != self->view_width || height != self->view_height))
        resize_view(self, width, height);
}

static void draw_header(RhRefreshView *self, GtkSnapshot *snapshot)
{
    const rhe_frame_t *f = &self->frame;
    if (!self->view || f->style_failed || f->header_height <= 0 || f->header_width <= 0)
        return;
    graphene_rect_t bounds = GRAPHENE_RECT_INIT((float)f->header_x, (float)f->header_y, (float)f->header_width,
                                                (float)f->header_height);
    cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &bounds);
    rhe_view_draw_cairo(self->view, cr, gtk_widget_get_scale_factor(GTK_WIDGET(self)));
    cairo_destroy(cr);
}

static void snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    RhRefreshView *self = RH_REFRESH_VIEW(widget);
    gboolean front = self->frame.header_in_front;
    if (!front)
        draw_header(self, snapshot);
    if (self->child)
        gtk_widget_snapshot_child(widget, self->child, snapshot);
    if (front)
        draw_header(self, snapshot);
}

/* -- Properties */

/**
 * rh_refresh_view_new:
 *
 * Returns: a new #RhRefreshView, without a child or a style
 */
GtkWidget *rh_refresh_view_new(void)
{
    return g_object_new(RH_TYPE_REFRESH_VIEW, NULL);
}

/**
 * rh_refresh_view_set_child:
 * @self: the view
 * @child: (nullable): the scrollable (a #GtkScrolledWindow, or any #GtkScrollable)
 */
void rh_refresh_view_set_child(RhRefreshView *self, GtkWidget *child)
{
    g_return_if_fail(RH_IS_REFRESH_VIEW(self));
    if (self->child == child)
        return;
    if (self->child)
        gtk_widget_unparent(self->child);
    self->child = child;
    if (child)
        gtk_widget_set_parent(child, GTK_WIDGET(self));
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_CHILD]);
}

/**
 * rh_refresh_view_get_child:
 * @self: the view
 *
 * Returns: (transfer none) (nullable): the child
 */
GtkWidget *rh_refresh_view_get_child(RhRefreshView *self)
{
    g_return_val_if_fail(RH_IS_REFRESH_VIEW(self), NULL);
    return self->child;
}

/**
 * rh_refresh_view_set_style_id:
 * @self: the view
 * @style_id: (nullable): a style id or short name, as `refresh-host list` shows them
 */
void rh_refresh_view_set_style_id(RhRefreshView *self, const char *style_id)
{
    g_return_if_fail(RH_IS_REFRESH_VIEW(self));
    if (g_strcmp0(self->style_id, style_id) == 0)
        return;
    g_free(self->style_id);
    self->style_id = g_strdup(style_id);
    schedule_rebuild(self);
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_STYLE_ID]);
}

/**
 * rh_refresh_view_get_style_id:
 * @self: the view
 *
 * Returns: (nullable): the style id
 */
const char *rh_refresh_view_get_style_id(RhRefreshView *self)
{
    g_return_val_if_fail(RH_IS_REFRESH_VIEW(self), NULL);
    return self->style_id;
}

#define RH_VIEW_OPTION(type, name, PROP)                                          \
    void rh_refresh_view_set_##name(RhRefreshView *self, type value)              \
    {                                                                             \
        g_return_if_fail(RH_IS_REFRESH_VIEW(self));                               \
        if (self->name == value)                                                  \
            return;                                                               \
        self->name = value;                                                       \
        schedule_rebuild(self);                                                   \
        g_object_notify_by_pspec(G_OBJECT(self), props[PROP]);                    \
    }                                                                             \
    type rh_refresh_view_get_##name(RhRefreshView *self)                          \
    {                                                                             \
        g_return_val_if_fail(RH_IS_REFRESH_VIEW(self), (type)0);                  \
        return self->name;                                                        \
    }

RH_VIEW_OPTION(RhRefreshIsolation, isolation, PROP_ISOLATION)
RH_VIEW_OPTION(RhRefreshEdge, edge, PROP_EDGE)
RH_VIEW_OPTION(RhRefreshPhysics, physics, PROP_PHYSICS)
RH_VIEW_OPTION(gboolean, dark, PROP_DARK)

static void apply_reduce_motion(RhRefreshView *self, gboolean value)
{
    value = !!value;
    if (self->reduce_motion == value)
        return;
    self->reduce_motion = value;
    schedule_rebuild(self);
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_REDUCE_MOTION]);
}

/**
 * rh_refresh_view_set_reduce_motion:
 * @self: the view
 * @reduce_motion: the style's reduced-motion variant
 *
 * Until this is called the view follows the desktop's
 * #GtkSettings:gtk-enable-animations (animations off: reduced motion).
 */
void rh_refresh_view_set_reduce_motion(RhRefreshView *self, gboolean reduce_motion)
{
    g_return_if_fail(RH_IS_REFRESH_VIEW(self));
    self->reduce_motion_set = TRUE;
    apply_reduce_motion(self, reduce_motion);
}

gboolean rh_refresh_view_get_reduce_motion(RhRefreshView *self)
{
    g_return_val_if_fail(RH_IS_REFRESH_VIEW(self), FALSE);
    return self->reduce_motion;
}

static void follow_animations(RhRefreshView *self)
{
    if (self->reduce_motion_set || !self->settings)
        return;
    gboolean animations = TRUE;
    g_object_get(self->settings, "gtk-enable-animations", &animations, NULL);
    apply_reduce_motion(self, !animations);
}

static void on_animations_changed(GObject *settings, GParamSpec *pspec, gpointer data)
{
    (void)settings;
    (void)pspec;
    follow_animations(data);
}

/**
 * rh_refresh_view_set_mouse_drag:
 * @self: the view
 * @mouse_drag: pull with the primary mouse button too (off by default: touch only, as on phones)
 */
void rh_refresh_view_set_mouse_drag(RhRefreshView *self, gboolean mouse_drag)
{
    g_return_if_fail(RH_IS_REFRESH_VIEW(self));
    mouse_drag = !!mouse_drag;
    if (self->mouse_drag == mouse_drag)
        return;
    self->mouse_drag = mouse_drag;
    gtk_gesture_single_set_touch_only(GTK_GESTURE_SINGLE(self->drag), !mouse_drag);
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_MOUSE_DRAG]);
}

gboolean rh_refresh_view_get_mouse_drag(RhRefreshView *self)
{
    g_return_val_if_fail(RH_IS_REFRESH_VIEW(self), FALSE);
    return self->mouse_drag;
}

/**
 * rh_refresh_view_get_style_loaded:
 * @self: the view
 *
 * Returns: whether the style is running (it started and has not failed)
 */
gboolean rh_refresh_view_get_style_loaded(RhRefreshView *self)
{
    g_return_val_if_fail(RH_IS_REFRESH_VIEW(self), FALSE);
    return self->view != NULL && !self->frame.style_failed;
}

RhRefreshState rh_refresh_view_get_state(RhRefreshView *self)
{
    g_return_val_if_fail(RH_IS_REFRESH_VIEW(self), RH_REFRESH_STATE_IDLE);
    return self->state;
}

/**
 * rh_refresh_view_get_pull:
 * @self: the view
 *
 * Returns: the pull the library shows in the last frame, in points
 */
double rh_refresh_view_get_pull(RhRefreshView *self)
{
    g_return_val_if_fail(RH_IS_REFRESH_VIEW(self), 0);
    return self->view ? self->frame.pull : 0;
}

/**
 * rh_refresh_view_get_header_height:
 * @self: the view
 *
 * Returns: the height of the header in the last frame, in points (0: none shown)
 */
double rh_refresh_view_get_header_height(RhRefreshView *self)
{
    g_return_val_if_fail(RH_IS_REFRESH_VIEW(self), 0);
    return self->view ? self->frame.header_height : 0;
}

/**
 * rh_refresh_view_get_resting_inset:
 * @self: the view
 *
 * Returns: where the header settles in this state, in points: the style's
 *   resting height while it refreshes, 0 otherwise
 */
double rh_refresh_view_get_resting_inset(RhRefreshView *self)
{
    g_return_val_if_fail(RH_IS_REFRESH_VIEW(self), 0);
    return self->view ? self->frame.resting_inset : 0;
}

/**
 * rh_refresh_view_get_announcement:
 * @self: the view
 *
 * Returns: (nullable): the style's last announcement for assistive technology
 */
const char *rh_refresh_view_get_announcement(RhRefreshView *self)
{
    g_return_val_if_fail(RH_IS_REFRESH_VIEW(self), NULL);
    return self->announcement;
}

/**
 * rh_refresh_view_begin_refresh:
 * @self: the view
 *
 * Starts a refresh without a gesture (the keyboard's path): the header
 * settles at its resting height and #RhRefreshView::refresh is emitted.
 * While a refresh runs it does nothing.
 */
void rh_refresh_view_begin_refresh(RhRefreshView *self)
{
    g_return_if_fail(RH_IS_REFRESH_VIEW(self));
    if (!self->view)
        return;
    rhe_view_begin_refresh(self->view, rh_refresh_view_now(self));
    rh_refresh_view_after_input(self);
}

/**
 * rh_refresh_view_end_refresh:
 * @self: the view
 * @result: how the refresh ended
 * @message: (nullable): a short line for the user ("No connection"), or %NULL
 *
 * The data arrived (or did not): the style plays its ending and the header closes.
 */
void rh_refresh_view_end_refresh(RhRefreshView *self, RhRefreshResult result, const char *message)
{
    g_return_if_fail(RH_IS_REFRESH_VIEW(self));
    if (!self->view)
        return;
    rhe_view_end_refresh(self->view, rh_refresh_view_now(self), (rhe_result_t)result, message);
    rh_refresh_view_after_input(self);
}

static void refresh_action(GtkWidget *widget, const char *name, GVariant *parameter)
{
    (void)name;
    (void)parameter;
    rh_refresh_view_begin_refresh(RH_REFRESH_VIEW(widget));
}

/* -- GObject */

static void realize(GtkWidget *widget)
{
    RhRefreshView *self = RH_REFRESH_VIEW(widget);
    GTK_WIDGET_CLASS(rh_refresh_view_parent_class)->realize(widget);
    self->settings = gtk_widget_get_settings(widget);
    g_signal_connect_object(self->settings, "notify::gtk-enable-animations", G_CALLBACK(on_animations_changed),
                            self, 0);
    follow_animations(self);
    if (self->rebuild_pending && !self->rebuild_source)
        self->rebuild_source = g_idle_add(rebuild_now, self);
}

static void unrealize(GtkWidget *widget)
{
    RhRefreshView *self = RH_REFRESH_VIEW(widget);
    if (self->settings)
        g_signal_handlers_disconnect_by_func(self->settings, on_animations_changed, self);
    self->settings = NULL;
    if (self->rebuild_source)
        g_source_remove(self->rebuild_source);
    self->rebuild_source = 0;
    self->rebuild_pending = TRUE; /* made again if realized again */
    if (self->tick_id)
        gtk_widget_remove_tick_callback(widget, self->tick_id);
    self->tick_id = 0;
    free_view(self);
    self->view_width = self->view_height = 0;
    GTK_WIDGET_CLASS(rh_refresh_view_parent_class)->unrealize(widget);
}

static void set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
    RhRefreshView *self = RH_REFRESH_VIEW(object);
    switch (id) {
    case PROP_CHILD: rh_refresh_view_set_child(self, g_value_get_object(value)); break;
    case PROP_STYLE_ID: rh_refresh_view_set_style_id(self, g_value_get_string(value)); break;
    case PROP_ISOLATION: rh_refresh_view_set_isolation(self, g_value_get_enum(value)); break;
    case PROP_EDGE: rh_refresh_view_set_edge(self, g_value_get_enum(value)); break;
    case PROP_PHYSICS: rh_refresh_view_set_physics(self, g_value_get_enum(value)); break;
    case PROP_DARK: rh_refresh_view_set_dark(self, g_value_get_boolean(value)); break;
    case PROP_REDUCE_MOTION: rh_refresh_view_set_reduce_motion(self, g_value_get_boolean(value)); break;
    case PROP_MOUSE_DRAG: rh_refresh_view_set_mouse_drag(self, g_value_get_boolean(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    RhRefreshView *self = RH_REFRESH_VIEW(object);
    switch (id) {
    case PROP_CHILD: g_value_set_object(value, self->child); break;
    case PROP_STYLE_ID: g_value_set_string(value, self->style_id); break;
    case PROP_ISOLATION: g_value_set_enum(value, self->isolation); break;
    case PROP_EDGE: g_value_set_enum(value, self->edge); break;
    case PROP_PHYSICS: g_value_set_enum(value, self->physics); break;
    case PROP_DARK: g_value_set_boolean(value, self->dark); break;
    case PROP_REDUCE_MOTION: g_value_set_boolean(value, self->reduce_motion); break;
    case PROP_MOUSE_DRAG: g_value_set_boolean(value, self->mouse_drag); break;
    case PROP_STATE: g_value_set_enum(value, self->state); break;
    case PROP_STYLE_LOADED: g_value_set_boolean(value, rh_refresh_view_get_style_loaded(self)); break;
    case PROP_ANNOUNCEMENT: g_value_set_string(value, self->announcement); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void dispose(GObject *object)
{
    RhRefreshView *self = RH_REFRESH_VIEW(object);
    if (self->rebuild_source)
        g_source_remove(self->rebuild_source);
    self->rebuild_source = 0;
    rh_refresh_input_detach(self);
    if (self->view) {
        rhe_view_free(self->view);
        self->view = NULL;
    }
    g_clear_pointer(&self->child, gtk_widget_unparent);
    G_OBJECT_CLASS(rh_refresh_view_parent_class)->dispose(object);
}

static void finalize(GObject *object)
{
    RhRefreshView *self = RH_REFRESH_VIEW(object);
    g_free(self->style_id);
    g_free(self->announcement);
    G_OBJECT_CLASS(rh_refresh_view_parent_class)->finalize(object);
}

static void rh_refresh_view_class_init(RhRefreshViewClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->set_property = set_property;
    object_class->get_property = get_property;
    object_class->dispose = dispose;
    object_class->finalize = finalize;
    widget_class->measure = measure;
    widget_class->size_allocate = size_allocate;
    widget_class->snapshot = snapshot;
    widget_class->realize = realize;
    widget_class->unrealize = unrealize;

    GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
    GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
    props[PROP_CHILD] = g_param_spec_object("child", NULL, "The scrollable child", GTK_TYPE_WIDGET, rw);
    props[PROP_STYLE_ID] = g_param_spec_string("style-id", NULL, "The style's id or short name", NULL, rw);
    props[PROP_ISOLATION] = g_param_spec_enum("isolation", NULL, "Where the style's code runs",
                                              RH_TYPE_REFRESH_ISOLATION, RH_REFRESH_ISOLATION_WORKER, rw);
    props[PROP_EDGE] = g_param_spec_enum("edge", NULL, "Header (top) or footer (bottom)", RH_TYPE_REFRESH_EDGE,
                                         RH_REFRESH_EDGE_TOP, rw);
    props[PROP_PHYSICS] = g_param_spec_enum("physics", NULL, "Scroll physics", RH_TYPE_REFRESH_PHYSICS,
                                            RH_REFRESH_PHYSICS_DEFAULT, rw);
    props[PROP_DARK] = g_param_spec_boolean("dark", NULL, "The style's dark theme", FALSE, rw);
    props[PROP_REDUCE_MOTION] = g_param_spec_boolean(
        "reduce-motion", NULL, "Reduced motion (follows gtk-enable-animations until set)", FALSE, rw);
    props[PROP_MOUSE_DRAG] = g_param_spec_boolean("mouse-drag", NULL, "Pull with the mouse too", FALSE, rw);
    props[PROP_STATE] = g_param_spec_enum("state", NULL, "The refresh state", RH_TYPE_REFRESH_STATE,
                                          RH_REFRESH_STATE_IDLE, ro);
    props[PROP_STYLE_LOADED] = g_param_spec_boolean("style-loaded", NULL, "The style runs (started, not failed)",
                                                    FALSE, ro);
    props[PROP_ANNOUNCEMENT] = g_param_spec_string("announcement", NULL,
                                                   "The style's last line for assistive technology", NULL, ro);
    g_object_class_install_properties(object_class, N_PROPS, props);

    /**
     * RhRefreshView::refresh:
     * @self: the view
     *
     * A refresh started (a pull, the keyboard, or rh_refresh_view_begin_refresh()):
     * load the data, then call rh_refresh_view_end_refresh(). Once per refresh.
     */
    signals[SIGNAL_REFRESH] = g_signal_new("refresh", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                           NULL, G_TYPE_NONE, 0);
    /**
     * RhRefreshView::style-failed:
     * @self: the view
     * @reason: why (a crash, a hang past the budget, a style that would not start)
     *
     * The style failed; the view goes on without a header (pulls and
     * refreshes still work when the style failed while running). Pick
     * another style with #RhRefreshView:style-id to show one again.
     */
    signals[SIGNAL_STYLE_FAILED] = g_signal_new("style-failed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                                NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

    gtk_widget_class_install_action(widget_class, "refresh-view.refresh", NULL, refresh_action);
    gtk_widget_class_add_binding_action(widget_class, GDK_KEY_F5, 0, "refresh-view.refresh", NULL);
    gtk_widget_class_add_binding_action(widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "refresh-view.refresh", NULL);
    gtk_widget_class_set_css_name(widget_class, "refreshview");
}

static void rh_refresh_view_init(RhRefreshView *self)
{
    self->isolation = RH_REFRESH_ISOLATION_WORKER;
    self->rebuild_pending = TRUE;
    g_signal_connect(self, "notify::scale-factor", G_CALLBACK(on_scale_factor), NULL);
    /* The moved child and the header stay inside the view. */
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_KEY_SHORTCUTS, "F5 Control+R", -1);
    rh_refresh_input_attach(self);
}
