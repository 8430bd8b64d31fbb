/* The window RefreshWidgetTests drives: an RhRefreshView over a 200-row
 * GtkListView, one line on stdout per thing that happened (machine-readable,
 * "word key=value ..."), and commands on stdin, one a line:
 *   query                  -> "frame state= pull= header= offset= scroll= paints= bounds=x,y,w,h touches=B,U,E"
 *   begin | end RESULT [MESSAGE...] | scroll VALUE | focus | styles | style ID | quit
 * The view's background is magenta (#ff00ff) and the list's rows plain white
 * without a hover highlight, so a screenshot tells the header from the list.
 * Options: --style ID --title T --size WxH (default 400x500) --mouse-drag --in-process --physics NAME --dark
 * --reduce-motion
 * "paints" counts the window's frame clock paints: it stays put while idle.
 * "touches" counts the touch events the window got (begins, updates, ends and
 * cancels), seen before any widget: a test tells a touch the view ignored from
 * one that never arrived. */
#define _POSIX_C_SOURCE 200809L
#include "rh-refresh-view.h"

#include <gio/gunixinputstream.h>

#include <signal.h>
#include <stdio.h>
#include <string.h>

static RhRefreshView *view;
static GtkWidget *list;
static GtkScrolledWindow *scrolled;
static GtkWindow *window;
static unsigned long paints;
static unsigned long touch_begins, touch_updates, touch_ends;

static void say(const char *format, ...) G_GNUC_PRINTF(1, 2);
static void say(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    putchar('\n');
    fflush(stdout);
}

static void on_refresh(RhRefreshView *v, gpointer data)
{
    (void)v;
    (void)data;
    say("refresh");
}

static void on_style_failed(RhRefreshView *v, const char *reason, gpointer data)
{
    (void)v;
    (void)data;
    /* One line: the reason may hold newlines. */
    char *flat = g_strdup(reason);
    g_strdelimit(flat, "\r\n", ' ');
    say("style-failed %s", flat);
    g_free(flat);
}

static void on_notify(GObject *object, GParamSpec *pspec, gpointer data)
{
    (void)data;
    RhRefreshView *v = RH_REFRESH_VIEW(object);
    if (strcmp(pspec->name, "state") == 0)
        say("state %d", rh_refresh_view_get_state(v));
    else if (strcmp(pspec->name, "announcement") == 0)
        say("announce %s", rh_refresh_view_get_announcement(v) ? rh_refresh_view_get_announcement(v) : "");
    else if (strcmp(pspec->name, "style-loaded") == 0)
        say("style-loaded %d", rh_refresh_view_get_style_loaded(v));
}

static void query(void)
{
    GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment(scrolled);
    graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, 0, 0);
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(view));
    if (!gtk_widget_compute_bounds(GTK_WIDGET(view), GTK_WIDGET(native), &bounds))
        bounds = GRAPHENE_RECT_INIT(0, 0, 0, 0);
    double sx = 0, sy = 0;
    gtk_native_get_surface_transform(native, &sx, &sy);
    say("frame state=%d pull=%.2f header=%.2f inset=%.2f scroll=%.2f paints=%lu bounds=%.0f,%.0f,%.0f,%.0f"
        " touches=%lu,%lu,%lu",
        rh_refresh_view_get_state(view), rh_refresh_view_get_pull(view), rh_refresh_view_get_header_height(view),
        rh_refresh_view_get_resting_inset(view),
        gtk_adjustment_get_value(adj), paints, bounds.origin.x + sx, bounds.origin.y + sy, bounds.size.width,
        bounds.size.height, touch_begins, touch_updates, touch_ends);
}

static void command(const char *line)
{
    if (strcmp(line, "query") == 0) {
        query();
    } else if (strcmp(line, "begin") == 0) {
        rh_refresh_view_begin_refresh(view);
    } else if (g_str_has_prefix(line, "end ")) {
        char **words = g_strsplit(line + 4, " ", 2);
        RhRefreshResult result = strcmp(words[0], "failure") == 0   ? RH_REFRESH_RESULT_FAILURE
                                 : strcmp(words[0], "no-more") == 0 ? RH_REFRESH_RESULT_NO_MORE
                                                                    : RH_REFRESH_RESULT_SUCCESS;
        rh_refresh_view_end_refresh(view, result, words[1]);
        g_strfreev(words);
    } else if (g_str_has_prefix(line, "scroll ")) {
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(scrolled), g_ascii_strtod(line + 7, NULL));
    } else if (strcmp(line, "focus") == 0) {
        gtk_widget_grab_focus(list);
    } else if (strcmp(line, "styles") == 0) {
        char **ids = rh_refresh_view_list_styles(NULL);
        char *joined = ids ? g_strjoinv(" ", ids) : g_strdup("");
        say("styles %s", joined);
        g_free(joined);
        g_strfreev(ids);
    } else if (g_str_has_prefix(line, "style ")) {
        rh_refresh_view_set_style_id(view, line + 6);
    } else if (strcmp(line, "quit") == 0) {
        /* The application is held (for stdin): quit it, not just its window, so the test does not wait. */
        gtk_window_destroy(window);
        g_application_quit(g_application_get_default());
        return;
    } else {
        say("error unknown command '%s'", line);
        return;
    }
    say("ok %s", line);
}

static void on_line(GObject *source, GAsyncResult *result, gpointer data)
{
    GDataInputStream *in = G_DATA_INPUT_STREAM(source);
    char *line = g_data_input_stream_read_line_finish_utf8(in, result, NULL, NULL);
    if (!line) {
        g_application_quit(G_APPLICATION(data)); /* stdin closed: the test is gone */
        return;
    }
    command(line);
    g_free(line);
    g_data_input_stream_read_line_async(in, G_PRIORITY_DEFAULT, NULL, on_line, data);
}

static void on_paint(GdkFrameClock *clock, gpointer data)
{
    (void)clock;
    (void)data;
    paints++;
}

/* Counts touches in the capture phase and lets every event through. */
static gboolean on_any_event(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data)
{
    (void)controller;
    (void)data;
    switch (gdk_event_get_event_type(event)) {
    case GDK_TOUCH_BEGIN: touch_begins++; break;
    case GDK_TOUCH_UPDATE: touch_updates++; break;
    case GDK_TOUCH_END:
    case GDK_TOUCH_CANCEL: touch_ends++; break;
    default: break;
    }
    return GDK_EVENT_PROPAGATE;
}

static void on_map(GtkWidget *widget, gpointer data)
{
    (void)data;
    GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
    g_signal_connect(clock, "after-paint", G_CALLBACK(on_paint), NULL);
    say("mapped");
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
    (void)factory;
    (void)data;
    GtkWidget *label = gtk_label_new(NULL);
    gtk_widget_set_size_request(label, -1, 40);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_list_item_set_child(item, label);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
    (void)factory;
    (void)data;
    GtkStringObject *text = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(text));
}

static char *style_id;
static char *title;
static char *physics;
static char *size;
static gboolean mouse_drag, in_process, dark, reduce_motion;

static void activate(GtkApplication *app, gpointer data)
{
    (void)data;
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css,
                                    "refreshview { background: #ff00ff; }"
                                    " listview, listview row, listview row:hover { background: #ffffff; }",
                                    -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(css);
    window = GTK_WINDOW(gtk_application_window_new(app));
    gtk_window_set_title(window, title ? title : "rh-widget-test");
    int width = 400, height = 500;
    if (size && sscanf(size, "%dx%d", &width, &height) != 2)
        width = 400, height = 500;
    gtk_window_set_default_size(window, width, height);

    GtkStringList *items = gtk_string_list_new(NULL);
    for (int i = 1; i <= 200; i++) {
        char row[32];
        g_snprintf(row, sizeof row, "Item %d", i);
        gtk_string_list_append(items, row);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(items))), factory);
    scrolled = GTK_SCROLLED_WINDOW(gtk_scrolled_window_new());
    gtk_scrolled_window_set_child(scrolled, list);
    /* No kinetic scrolling or overlay indicators: the pixels stay still for screenshots. */
    gtk_scrolled_window_set_kinetic_scrolling(scrolled, FALSE);
    gtk_scrolled_window_set_overlay_scrolling(scrolled, FALSE);

    view = RH_REFRESH_VIEW(rh_refresh_view_new());
    g_signal_connect(view, "refresh", G_CALLBACK(on_refresh), NULL);
    g_signal_connect(view, "style-failed", G_CALLBACK(on_style_failed), NULL);
    g_signal_connect(view, "notify", G_CALLBACK(on_notify), NULL);
    rh_refresh_view_set_child(view, GTK_WIDGET(scrolled));
    rh_refresh_view_set_mouse_drag(view, mouse_drag);
    if (in_process)
        rh_refresh_view_set_isolation(view, RH_REFRESH_ISOLATION_IN_PROCESS);
    if (dark)
        rh_refresh_view_set_dark(view, TRUE);
    if (reduce_motion)
        rh_refresh_view_set_reduce_motion(view, TRUE);
    if (physics) {
        GEnumClass *enums = g_type_class_ref(RH_TYPE_REFRESH_PHYSICS);
        GEnumValue *value = g_enum_get_value_by_nick(enums, physics);
        if (value)
            rh_refresh_view_set_physics(view, value->value);
        g_type_class_unref(enums);
    }
    rh_refresh_view_set_style_id(view, style_id);
    gtk_window_set_child(window, GTK_WIDGET(view));
    g_signal_connect(window, "map", G_CALLBACK(on_map), NULL);
    GtkEventController *touches = gtk_event_controller_legacy_new();
    gtk_event_controller_set_propagation_phase(touches, GTK_PHASE_CAPTURE);
    g_signal_connect(touches, "event", G_CALLBACK(on_any_event), NULL);
    gtk_widget_add_controller(GTK_WIDGET(window), touches);
    gtk_window_present(window);
    gtk_widget_grab_focus(list);

    GInputStream *stdin_stream = g_unix_input_stream_new(0, FALSE);
    GDataInputStream *in = g_data_input_stream_new(stdin_stream);
    g_object_unref(stdin_stream);
    g_data_input_stream_read_line_async(in, G_PRIORITY_DEFAULT, NULL, on_line, app);
    g_application_hold(G_APPLICATION(app));
}

int main(int argc, char **argv)
{
    /* The test runner's Process leaves nearly every signal blocked in its
     * children; GTK under it never showed its window. Start clean. */
    sigset_t none;
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &none, NULL);
    GOptionEntry entries[] = {
        {"style", 0, 0, G_OPTION_ARG_STRING, &style_id, "style id", "ID"},
        {"title", 0, 0, G_OPTION_ARG_STRING, &title, "window title", "T"},
        {"physics", 0, 0, G_OPTION_ARG_STRING, &physics, "physics nick", "NAME"},
        {"size", 0, 0, G_OPTION_ARG_STRING, &size, "window size", "WxH"},
        {"mouse-drag", 0, 0, G_OPTION_ARG_NONE, &mouse_drag, "pull with the mouse", NULL},
        {"in-process", 0, 0, G_OPTION_ARG_NONE, &in_process, "run the style in this process", NULL},
        {"dark", 0, 0, G_OPTION_ARG_NONE, &dark, "dark theme", NULL},
        {"reduce-motion", 0, 0, G_OPTION_ARG_NONE, &reduce_motion, "reduced motion", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GError *error = NULL;
    GOptionContext *context = g_option_context_new(NULL);
    g_option_context_add_main_entries(context, entries, NULL);
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        fprintf(stderr, "%s\n", error->message);
        return 2;
    }
    g_option_context_free(context);
    GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
