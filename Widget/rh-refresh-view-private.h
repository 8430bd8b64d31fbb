/* What the widget's files share: the instance struct and the calls between
 * the lifecycle (rh-refresh-view.c), input (rh-refresh-input.c) and the
 * library's host (rh-refresh-host.c). Not installed. */
#ifndef RH_REFRESH_VIEW_PRIVATE_H
#define RH_REFRESH_VIEW_PRIVATE_H

#include "rh-refresh-view.h"
#include "refresh_host_embed.h"

/* Points a finger must travel before the drag is judged a pull or not: a
 * tap that wobbles a few pixels starts nothing. */
#define RH_DRAG_SLOP 8.0
/* With no scroll-end from the device (a mouse wheel), this long without a
 * wheel event is the release. */
#define RH_WHEEL_RELEASE_MS 250
/* Points of pull per wheel notch (wheel units are notches, not pixels). */
#define RH_WHEEL_NOTCH 40.0

struct _RhRefreshView {
    GtkWidget parent_instance;
    GtkWidget *child;

    /* Properties. */
    char *style_id;
    RhRefreshIsolation isolation;
    RhRefreshEdge edge;
    RhRefreshPhysics physics;
    gboolean dark;
    gboolean reduce_motion;      /* what the view uses */
    gboolean reduce_motion_set;  /* set by the application: stop following gtk-enable-animations */
    gboolean mouse_drag;
    char *announcement;

    /* The library's view; NULL until the widget has a size and a style, or after it failed to start. */
    rhe_view_t *view;
    int view_width, view_height; /* the size it was made for, or last resized to */
    int view_scale;
    gboolean rebuild_pending;    /* a property changed: make the view again when idle */
    guint rebuild_source;
    rhe_frame_t frame;
    RhRefreshState state;
    double last_time;            /* the last time given to the library: never go back */

    /* Frames come from the frame clock while something moves. */
    guint tick_id;

    /* Input. */
    GtkGesture *drag;
    GtkEventController *scroll;
    gboolean drag_decided;       /* this drag is judged: a pull or not */
    gboolean drag_pulling;       /* the drag is a pull: the library has the touch */
    gboolean wheel_pulling;      /* a wheel or touchpad overscroll is under way */
    gboolean scroll_has_phases;  /* the device sends scroll-begin/end */
    double wheel_travel;
    guint wheel_release_source;

    GtkSettings *settings;       /* watched for gtk-enable-animations */
};

/* Library time: the monotonic clock in seconds, never earlier than the last given. */
double rh_refresh_view_now(RhRefreshView *self);
/* The library's answer to an input or an advance: read the frame, relayout,
 * redraw, and keep frames coming while the view moves or a gesture holds it. */
void rh_refresh_view_after_input(RhRefreshView *self);
void rh_refresh_view_ensure_ticking(RhRefreshView *self);
/* The child's vertical adjustment (the scrolled window's, or a scrollable's), or NULL. */
GtkAdjustment *rh_refresh_view_adjustment(RhRefreshView *self);
/* The list sits at the view's edge (top for a header, bottom for a footer). */
gboolean rh_refresh_view_at_edge(RhRefreshView *self);

void rh_refresh_input_attach(RhRefreshView *self);
void rh_refresh_input_detach(RhRefreshView *self);
/* Ends any pull in progress (the view is being replaced). */
void rh_refresh_input_reset(RhRefreshView *self);

/* The process's one library host, made on first use; NULL with *error set if it cannot be. */
rhe_host_t *rh_refresh_host_get(GError **error);
/* The host's error domain. */
#define RH_REFRESH_ERROR (rh_refresh_error_quark())
GQuark rh_refresh_error_quark(void);

void rh_refresh_view_announce(RhRefreshView *self, const char *text);

#endif
