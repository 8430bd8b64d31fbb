/* RhRefreshView's input: a drag at the list's edge (touch, and the mouse
 * when mouse-drag is on) and wheel or touchpad overscroll, turned into the
 * library's touch and overscroll calls. The keyboard path is a widget
 * action (rh-refresh-view.c). */
#include "rh-refresh-view-private.h"

#include <math.h>

GtkAdjustment *rh_refresh_view_adjustment(RhRefreshView *self)
{
    GtkWidget *child = self->child;
    if (GTK_IS_SCROLLED_WINDOW(child))
        return gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(child));
    if (GTK_IS_SCROLLABLE(child))
        return gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(child));
    return NULL;
}

/* Half a point of slack: values after kinetic scrolling are fractional. A
 * child that does not scroll is always at both edges. */
gboolean rh_refresh_view_at_edge(RhRefreshView *self)
{
    GtkAdjustment *adj = rh_refresh_view_adjustment(self);
    if (!adj)
        return TRUE;
    double value = gtk_adjustment_get_value(adj);
    if (self->edge == RH_REFRESH_EDGE_BOTTOM)
        return value >= gtk_adjustment_get_upper(adj) - gtk_adjustment_get_page_size(adj) - 0.5;
    return value <= gtk_adjustment_get_lower(adj) + 0.5;
}

/* Travel toward the content: down for a header, up for a footer. */
static double toward_content(RhRefreshView *self, double dy)
{
    return self->edge == RH_REFRESH_EDGE_BOTTOM ? -dy : dy;
}

/* -- Drag (CAPTURE phase on the view, so it sees the press before the list).
 * It claims the sequence only for a pull: the list at its edge, the motion
 * past the slop, mostly vertical and toward the content. Anything else is
 * denied at once and goes to the list untouched (taps, horizontal swipes,
 * scrolling). */

static void drag_begin(GtkGestureDrag *gesture, double x, double y, gpointer data)
{
    (void)gesture;
    (void)x;
    (void)y;
    RhRefreshView *self = data;
    self->drag_decided = FALSE;
    self->drag_pulling = FALSE;
}

static void drag_update(GtkGestureDrag *gesture, double dx, double dy, gpointer data)
{
    RhRefreshView *self = data;
    if (!self->drag_decided) {
        if (fabs(dx) < RH_DRAG_SLOP && fabs(dy) < RH_DRAG_SLOP)
            return;
        self->drag_decided = TRUE;
        double travel = toward_content(self, dy);
        gboolean pull = self->view && travel > 0 && travel > 2 * fabs(dx) && rh_refresh_view_at_edge(self) &&
                        !self->wheel_pulling;
        if (!pull) {
            gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_DENIED);
            return;
        }
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
        double x = 0, y = 0;
        gtk_gesture_drag_get_start_point(gesture, &x, &y);
        self->drag_pulling = TRUE;
        rhe_view_touch_down(self->view, rh_refresh_view_now(self), x);
    }
    if (!self->drag_pulling || !self->view)
        return;
    double sx = 0, sy = 0;
    gtk_gesture_drag_get_start_point(gesture, &sx, &sy);
    rhe_view_touch_move(self->view, rh_refresh_view_now(self), toward_content(self, dy), sx + dx);
    rh_refresh_view_after_input(self);
}

static void drag_release(RhRefreshView *self)
{
    gboolean pulling = self->drag_pulling;
    self->drag_pulling = FALSE;
    self->drag_decided = FALSE;
    if (pulling && self->view) {
        rhe_view_touch_up(self->view, rh_refresh_view_now(self));
        rh_refresh_view_after_input(self);
    }
}

static void drag_end(GtkGestureDrag *gesture, double dx, double dy, gpointer data)
{
    (void)gesture;
    (void)dx;
    (void)dy;
    drag_release(data);
}

static void drag_cancel(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data)
{
    (void)gesture;
    (void)sequence;
    drag_release(data);
}

/* -- Wheel and touchpad (CAPTURE phase too): scrolling toward the edge while
 * the list is at it becomes overscroll; scroll-end, or for a wheel (no
 * phases) RH_WHEEL_RELEASE_MS without an event, releases. */

static void wheel_release(RhRefreshView *self)
{
    if (self->wheel_release_source)
        g_source_remove(self->wheel_release_source);
    self->wheel_release_source = 0;
    if (!self->wheel_pulling)
        return;
    self->wheel_pulling = FALSE;
    self->wheel_travel = 0;
    if (self->view) {
        rhe_view_overscroll(self->view, rh_refresh_view_now(self), RHE_OVERSCROLL_END, 0);
        rh_refresh_view_after_input(self);
    }
}

static gboolean wheel_idle(gpointer data)
{
    RhRefreshView *self = data;
    self->wheel_release_source = 0;
    wheel_release(self);
    return G_SOURCE_REMOVE;
}

static gboolean on_scroll(GtkEventControllerScroll *controller, double dx, double dy, gpointer data)
{
    (void)dx;
    RhRefreshView *self = data;
    if (!self->view || self->drag_pulling)
        return FALSE;
    /* Wheel units are notches; touchpads report points. Positive toward the content. */
    double points = gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL ? dy * RH_WHEEL_NOTCH : dy;
    double delta = -toward_content(self, points);
    if (!self->wheel_pulling) {
        if (delta <= 0 || !rh_refresh_view_at_edge(self))
            return FALSE; /* ordinary scrolling: the list's */
        RhRefreshState state = self->state;
        if (state != RH_REFRESH_STATE_IDLE && state != RH_REFRESH_STATE_PULLING)
            return FALSE; /* a refresh runs: nothing to pull */
        self->wheel_pulling = TRUE;
        self->wheel_travel = 0;
        rhe_view_overscroll(self->view, rh_refresh_view_now(self), RHE_OVERSCROLL_BEGIN, 0);
    }
    self->wheel_travel += delta;
    rhe_view_overscroll(self->view, rh_refresh_view_now(self), RHE_OVERSCROLL_UPDATE, delta);
    rh_refresh_view_after_input(self);
    if (self->wheel_travel <= 0) {
        /* Scrolled back past where it began: the pull is over, the list scrolls again. */
        wheel_release(self);
        return TRUE;
    }
    if (!self->scroll_has_phases) {
        if (self->wheel_release_source)
            g_source_remove(self->wheel_release_source);
        self->wheel_release_source = g_timeout_add(RH_WHEEL_RELEASE_MS, wheel_idle, self);
    }
    return TRUE;
}

static void on_scroll_begin(GtkEventControllerScroll *controller, gpointer data)
{
    (void)controller;
    RhRefreshView *self = data;
    self->scroll_has_phases = TRUE;
}

static void on_scroll_end(GtkEventControllerScroll *controller, gpointer data)
{
    (void)controller;
    RhRefreshView *self = data;
    wheel_release(self);
}

void rh_refresh_input_reset(RhRefreshView *self)
{
    if (self->wheel_release_source)
        g_source_remove(self->wheel_release_source);
    self->wheel_release_source = 0;
    self->wheel_pulling = FALSE;
    self->wheel_travel = 0;
    if (self->drag_pulling && self->drag)
        gtk_event_controller_reset(GTK_EVENT_CONTROLLER(self->drag));
    self->drag_pulling = FALSE;
    self->drag_decided = FALSE;
}

void rh_refresh_input_attach(RhRefreshView *self)
{
    GtkGesture *drag = gtk_gesture_drag_new();
    gtk_gesture_single_set_touch_only(GTK_GESTURE_SINGLE(drag), TRUE);
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(drag), GDK_BUTTON_PRIMARY);
    gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(drag), GTK_PHASE_CAPTURE);
    g_signal_connect(drag, "drag-begin", G_CALLBACK(drag_begin), self);
    g_signal_connect(drag, "drag-update", G_CALLBACK(drag_update), self);
    g_signal_connect(drag, "drag-end", G_CALLBACK(drag_end), self);
    g_signal_connect(drag, "cancel", G_CALLBACK(drag_cancel), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(drag));
    self->drag = drag;

    GtkEventController *scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
    gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE);
    g_signal_connect(scroll, "scroll", G_CALLBACK(on_scroll), self);
    g_signal_connect(scroll, "scroll-begin", G_CALLBACK(on_scroll_begin), self);
    g_signal_connect(scroll, "scroll-end", G_CALLBACK(on_scroll_end), self);
    gtk_widget_add_controller(GTK_WIDGET(self), scroll);
    self->scroll = scroll;
}

void rh_refresh_input_detach(RhRefreshView *self)
{
    if (self->wheel_release_source)
        g_source_remove(self->wheel_release_source);
    self->wheel_release_source = 0;
    /* The controllers belong to the widget and go with it. */
    self->drag = NULL;
    self->scroll = NULL;
}
