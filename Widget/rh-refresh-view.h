/*
 * rh-refresh-view.h - RhRefreshView, a GTK4 pull-to-refresh container that
 * shows RefreshHost styles (librefreshhost) above a scrollable child.
 *
 * Put a GtkScrolledWindow (holding a GtkListView, or anything scrollable)
 * in an RhRefreshView, set a style id, and connect ::refresh. When the data
 * has arrived, call rh_refresh_view_end_refresh(). Pulls come from touch
 * (always), the mouse (RhRefreshView:mouse-drag), the wheel and touchpad at
 * the top of the list, and the keyboard (F5, Ctrl+R) or the
 * "refresh-view.refresh" action, which start a refresh without a gesture.
 *
 * Build:  cc app.c $(pkg-config --cflags --libs refreshhost-gtk)
 * All calls: the GTK main thread.
 */
#ifndef RH_REFRESH_VIEW_H
#define RH_REFRESH_VIEW_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * RhRefreshState:
 * @RH_REFRESH_STATE_IDLE: nothing shown
 * @RH_REFRESH_STATE_PULLING: the header is visible, not yet past the trigger distance
 * @RH_REFRESH_STATE_ARMED: past the trigger distance: releasing refreshes
 * @RH_REFRESH_STATE_REFRESHING: waiting for rh_refresh_view_end_refresh()
 * @RH_REFRESH_STATE_EXITING: the style's exit animation runs
 * @RH_REFRESH_STATE_RESETTING: the header is closing
 * @RH_REFRESH_STATE_NO_MORE: footers only: nothing more to load
 *
 * The refresh states (the values of librefreshhost's rhe_state_t).
 */
typedef enum {
    RH_REFRESH_STATE_IDLE = 0,
    RH_REFRESH_STATE_PULLING = 1,
    RH_REFRESH_STATE_ARMED = 2,
    RH_REFRESH_STATE_REFRESHING = 3,
    RH_REFRESH_STATE_EXITING = 4,
    RH_REFRESH_STATE_RESETTING = 5,
    RH_REFRESH_STATE_NO_MORE = 6
} RhRefreshState;

/**
 * RhRefreshResult:
 * @RH_REFRESH_RESULT_SUCCESS: new content arrived, or the content is current
 * @RH_REFRESH_RESULT_FAILURE: the refresh failed
 * @RH_REFRESH_RESULT_NO_MORE: there is nothing more to load
 *
 * How a refresh ended.
 */
typedef enum {
    RH_REFRESH_RESULT_SUCCESS = 0,
    RH_REFRESH_RESULT_FAILURE = 1,
    RH_REFRESH_RESULT_NO_MORE = 2
} RhRefreshResult;

/**
 * RhRefreshEdge:
 * @RH_REFRESH_EDGE_TOP: a header: pull down at the top of the list
 * @RH_REFRESH_EDGE_BOTTOM: a footer: pull up at the bottom (styles that have one)
 *
 * Where the view sits.
 */
typedef enum {
    RH_REFRESH_EDGE_TOP = 0,
    RH_REFRESH_EDGE_BOTTOM = 1
} RhRefreshEdge;

/**
 * RhRefreshPhysics:
 * @RH_REFRESH_PHYSICS_DEFAULT: the style's declared physics, else iOS
 * @RH_REFRESH_PHYSICS_IOS: rubber band, content moves with the pull
 * @RH_REFRESH_PHYSICS_MATERIAL: the indicator floats over still content
 * @RH_REFRESH_PHYSICS_ANDROID_STRETCH: the content stretches
 * @RH_REFRESH_PHYSICS_SMART: SmartRefreshLayout's damping
 *
 * Scroll physics.
 */
typedef enum {
    RH_REFRESH_PHYSICS_DEFAULT = 0,
    RH_REFRESH_PHYSICS_IOS = 1,
    RH_REFRESH_PHYSICS_MATERIAL = 2,
    RH_REFRESH_PHYSICS_ANDROID_STRETCH = 3,
    RH_REFRESH_PHYSICS_SMART = 4
} RhRefreshPhysics;

/**
 * RhRefreshIsolation:
 * @RH_REFRESH_ISOLATION_WORKER: the style runs in a supervised worker process
 *   (a crash or hang fails the style, never the application)
 * @RH_REFRESH_ISOLATION_IN_PROCESS: the style runs in this process (trusted code only)
 *
 * Where a style's code runs.
 */
typedef enum {
    RH_REFRESH_ISOLATION_WORKER = 1,
    RH_REFRESH_ISOLATION_IN_PROCESS = 2
} RhRefreshIsolation;

GType rh_refresh_state_get_type(void) G_GNUC_CONST;
GType rh_refresh_result_get_type(void) G_GNUC_CONST;
GType rh_refresh_edge_get_type(void) G_GNUC_CONST;
GType rh_refresh_physics_get_type(void) G_GNUC_CONST;
GType rh_refresh_isolation_get_type(void) G_GNUC_CONST;
#define RH_TYPE_REFRESH_STATE (rh_refresh_state_get_type())
#define RH_TYPE_REFRESH_RESULT (rh_refresh_result_get_type())
#define RH_TYPE_REFRESH_EDGE (rh_refresh_edge_get_type())
#define RH_TYPE_REFRESH_PHYSICS (rh_refresh_physics_get_type())
#define RH_TYPE_REFRESH_ISOLATION (rh_refresh_isolation_get_type())

#define RH_TYPE_REFRESH_VIEW (rh_refresh_view_get_type())
G_DECLARE_FINAL_TYPE(RhRefreshView, rh_refresh_view, RH, REFRESH_VIEW, GtkWidget)

GtkWidget *rh_refresh_view_new(void);

void rh_refresh_view_set_child(RhRefreshView *self, GtkWidget *child);
GtkWidget *rh_refresh_view_get_child(RhRefreshView *self);

void rh_refresh_view_set_style_id(RhRefreshView *self, const char *style_id);
const char *rh_refresh_view_get_style_id(RhRefreshView *self);
void rh_refresh_view_set_isolation(RhRefreshView *self, RhRefreshIsolation isolation);
RhRefreshIsolation rh_refresh_view_get_isolation(RhRefreshView *self);
void rh_refresh_view_set_edge(RhRefreshView *self, RhRefreshEdge edge);
RhRefreshEdge rh_refresh_view_get_edge(RhRefreshView *self);
void rh_refresh_view_set_physics(RhRefreshView *self, RhRefreshPhysics physics);
RhRefreshPhysics rh_refresh_view_get_physics(RhRefreshView *self);
void rh_refresh_view_set_dark(RhRefreshView *self, gboolean dark);
gboolean rh_refresh_view_get_dark(RhRefreshView *self);
void rh_refresh_view_set_reduce_motion(RhRefreshView *self, gboolean reduce_motion);
gboolean rh_refresh_view_get_reduce_motion(RhRefreshView *self);
void rh_refresh_view_set_mouse_drag(RhRefreshView *self, gboolean mouse_drag);
gboolean rh_refresh_view_get_mouse_drag(RhRefreshView *self);

RhRefreshState rh_refresh_view_get_state(RhRefreshView *self);
gboolean rh_refresh_view_get_style_loaded(RhRefreshView *self);
double rh_refresh_view_get_pull(RhRefreshView *self);
double rh_refresh_view_get_header_height(RhRefreshView *self);
double rh_refresh_view_get_resting_inset(RhRefreshView *self);
const char *rh_refresh_view_get_announcement(RhRefreshView *self);

void rh_refresh_view_begin_refresh(RhRefreshView *self);
void rh_refresh_view_end_refresh(RhRefreshView *self, RhRefreshResult result, const char *message);

char **rh_refresh_view_list_styles(GError **error);
char *rh_refresh_view_get_style_name(const char *style_id);

G_END_DECLS

#endif /* RH_REFRESH_VIEW_H */
