/* refresh-host-demo: a GTK4 list with RefreshHost's pull-to-refresh. Pull
 * (touch, the mouse, the wheel or touchpad at the top) or press F5: new items
 * arrive after a simulated delay and the refresh ends with the result picked
 * in the side panel. The panel also picks the style (any installed one),
 * the physics, dark mode and reduced motion. A style that fails shows a
 * banner; the list carries on. */
#include "rh-refresh-view.h"

typedef struct {
    RhRefreshView *view;
    GtkStringList *items;
    GtkDropDown *styles;
    GtkDropDown *result;
    GtkRevealer *banner;
    GtkLabel *banner_label;
    GtkLabel *status;
    char **style_ids;
    guint pending;
    int fetched;
} Demo;

/* Simulated network delay of a fetch. */
#define DEMO_FETCH_MS 1500

static gboolean fetched(gpointer data)
{
    Demo *demo = data;
    demo->pending = 0;
    RhRefreshResult result = (RhRefreshResult)gtk_drop_down_get_selected(demo->result);
    const char *message = NULL;
    if (result == RH_REFRESH_RESULT_SUCCESS) {
        GDateTime *now = g_date_time_new_now_local();
        char *time = g_date_time_format(now, "%H:%M:%S");
        for (int i = 0; i < 3; i++) {
            char *row = g_strdup_printf("New item %d  (fetched %s)", ++demo->fetched, time);
            gtk_string_list_splice(demo->items, 0, 0, (const char *const[]){row, NULL});
            g_free(row);
        }
        g_free(time);
        g_date_time_unref(now);
        message = "3 new items";
    } else if (result == RH_REFRESH_RESULT_FAILURE) {
        message = "No connection";
    } else {
        message = "Nothing new";
    }
    gtk_label_set_text(demo->status, message);
    rh_refresh_view_end_refresh(demo->view, result, message);
    return G_SOURCE_REMOVE;
}

static void on_refresh(RhRefreshView *view, gpointer data)
{
    (void)view;
    Demo *demo = data;
    gtk_label_set_text(demo->status, "Fetching…");
    if (!demo->pending)
        demo->pending = g_timeout_add(DEMO_FETCH_MS, fetched, demo);
}

static void on_style_failed(RhRefreshView *view, const char *reason, gpointer data)
{
    (void)view;
    Demo *demo = data;
    char *text = g_strdup_printf("The style failed: %s. Pulling still refreshes; pick another style to see one.",
                                 reason);
    gtk_label_set_text(demo->banner_label, text);
    g_free(text);
    gtk_revealer_set_reveal_child(demo->banner, TRUE);
}

static void on_style_chosen(GObject *dropdown, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    Demo *demo = data;
    guint index = gtk_drop_down_get_selected(GTK_DROP_DOWN(dropdown));
    if (demo->style_ids && index < g_strv_length(demo->style_ids)) {
        gtk_revealer_set_reveal_child(demo->banner, FALSE);
        rh_refresh_view_set_style_id(demo->view, demo->style_ids[index]);
    }
}

static void on_physics_chosen(GObject *dropdown, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    Demo *demo = data;
    rh_refresh_view_set_physics(demo->view, (RhRefreshPhysics)gtk_drop_down_get_selected(GTK_DROP_DOWN(dropdown)));
}

static void dismiss_banner(GtkButton *button, gpointer data)
{
    (void)button;
    Demo *demo = data;
    gtk_revealer_set_reveal_child(demo->banner, FALSE);
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
    (void)factory;
    (void)data;
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_widget_set_margin_start(label, 12);
    gtk_widget_set_margin_top(label, 10);
    gtk_widget_set_margin_bottom(label, 10);
    gtk_list_item_set_child(item, label);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
    (void)factory;
    (void)data;
    GtkStringObject *text = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(text));
}

static GtkWidget *labelled(GtkWidget *panel, const char *text, GtkWidget *control)
{
    GtkWidget *label = gtk_label_new(text);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_widget_add_css_class(label, "heading");
    gtk_box_append(GTK_BOX(panel), label);
    gtk_box_append(GTK_BOX(panel), control);
    return control;
}

static GtkWidget *switch_row(GtkWidget *panel, const char *text, GObject *target, const char *property)
{
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *label = gtk_label_new(text);
    gtk_widget_set_hexpand(label, TRUE);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    GtkWidget *toggle = gtk_switch_new();
    g_object_bind_property(target, property, toggle, "active", G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
    gtk_box_append(GTK_BOX(row), label);
    gtk_box_append(GTK_BOX(row), toggle);
    gtk_box_append(GTK_BOX(panel), row);
    return toggle;
}

static GtkWidget *side_panel(Demo *demo)
{
    GtkWidget *panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_size_request(panel, 220, -1);
    gtk_widget_set_margin_start(panel, 12);
    gtk_widget_set_margin_end(panel, 12);
    gtk_widget_set_margin_top(panel, 12);

    GError *error = NULL;
    demo->style_ids = rh_refresh_view_list_styles(&error);
    GtkStringList *names = gtk_string_list_new(NULL);
    for (char **id = demo->style_ids; id && *id; id++) {
        char *name = rh_refresh_view_get_style_name(*id);
        gtk_string_list_append(names, name ? name : *id);
        g_free(name);
    }
    demo->styles = GTK_DROP_DOWN(labelled(panel, "Style", gtk_drop_down_new(G_LIST_MODEL(names), NULL)));
    if (error) {
        on_style_failed(demo->view, error->message, demo);
        g_error_free(error);
    }
    const char *physics[] = {"The style's", "iOS", "Material", "Android stretch", "Smart", NULL};
    GtkWidget *physics_choice = labelled(panel, "Physics", gtk_drop_down_new_from_strings(physics));
    g_signal_connect(physics_choice, "notify::selected", G_CALLBACK(on_physics_chosen), demo);
    const char *results[] = {"Success", "Failure", "No more", NULL};
    demo->result = GTK_DROP_DOWN(labelled(panel, "Next refresh ends with", gtk_drop_down_new_from_strings(results)));

    gtk_box_append(GTK_BOX(panel), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL));
    switch_row(panel, "Dark", G_OBJECT(demo->view), "dark");
    switch_row(panel, "Reduce motion", G_OBJECT(demo->view), "reduce-motion");
    switch_row(panel, "Pull with the mouse", G_OBJECT(demo->view), "mouse-drag");

    GtkWidget *refresh = gtk_button_new_with_label("Refresh (F5)");
    g_signal_connect_swapped(refresh, "clicked", G_CALLBACK(rh_refresh_view_begin_refresh), demo->view);
    gtk_widget_set_margin_top(refresh, 12);
    gtk_box_append(GTK_BOX(panel), refresh);
    demo->status = GTK_LABEL(gtk_label_new(""));
    gtk_label_set_xalign(demo->status, 0);
    gtk_box_append(GTK_BOX(panel), GTK_WIDGET(demo->status));
    return panel;
}

static void dark_follows(GObject *view, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    (void)data;
    gboolean dark = rh_refresh_view_get_dark(RH_REFRESH_VIEW(view));
    g_object_set(gtk_settings_get_default(), "gtk-application-prefer-dark-theme", dark, NULL);
}

static void free_demo(gpointer data)
{
    Demo *demo = data;
    if (demo->pending)
        g_source_remove(demo->pending);
    g_strfreev(demo->style_ids);
    g_free(demo);
}

static void activate(GtkApplication *app, gpointer data)
{
    (void)data;
    Demo *demo = g_new0(Demo, 1);
    GtkWidget *window = gtk_application_window_new(app);
    g_object_set_data_full(G_OBJECT(window), "demo", demo, free_demo);
    gtk_window_set_title(GTK_WINDOW(window), "RefreshHost demo");
    gtk_window_set_default_size(GTK_WINDOW(window), 720, 560);

    demo->items = gtk_string_list_new(NULL);
    for (int i = 1; i <= 40; i++) {
        char *row = g_strdup_printf("Item %d", i);
        gtk_string_list_append(demo->items, row);
        g_free(row);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    GtkWidget *list =
        gtk_list_view_new(GTK_SELECTION_MODEL(gtk_single_selection_new(G_LIST_MODEL(demo->items))), factory);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);

    demo->view = RH_REFRESH_VIEW(rh_refresh_view_new());
    rh_refresh_view_set_child(demo->view, scrolled);
    gtk_widget_set_hexpand(GTK_WIDGET(demo->view), TRUE);
    gtk_widget_set_vexpand(GTK_WIDGET(demo->view), TRUE);
    g_signal_connect(demo->view, "refresh", G_CALLBACK(on_refresh), demo);
    g_signal_connect(demo->view, "style-failed", G_CALLBACK(on_style_failed), demo);
    g_signal_connect(demo->view, "notify::dark", G_CALLBACK(dark_follows), NULL);

    /* The banner a failed style shows, above the list. */
    GtkWidget *banner_box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_widget_add_css_class(banner_box, "osd");
    demo->banner_label = GTK_LABEL(gtk_label_new(""));
    gtk_label_set_wrap(demo->banner_label, TRUE);
    gtk_label_set_xalign(demo->banner_label, 0);
    gtk_widget_set_hexpand(GTK_WIDGET(demo->banner_label), TRUE);
    gtk_widget_set_margin_start(GTK_WIDGET(demo->banner_label), 12);
    GtkWidget *dismiss = gtk_button_new_with_label("Dismiss");
    g_signal_connect(dismiss, "clicked", G_CALLBACK(dismiss_banner), demo);
    gtk_box_append(GTK_BOX(banner_box), GTK_WIDGET(demo->banner_label));
    gtk_box_append(GTK_BOX(banner_box), dismiss);
    demo->banner = GTK_REVEALER(gtk_revealer_new());
    gtk_revealer_set_child(demo->banner, banner_box);

    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(content), GTK_WIDGET(demo->banner));
    gtk_box_append(GTK_BOX(content), GTK_WIDGET(demo->view));

    GtkWidget *body = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_box_append(GTK_BOX(body), side_panel(demo));
    gtk_box_append(GTK_BOX(body), gtk_separator_new(GTK_ORIENTATION_VERTICAL));
    gtk_box_append(GTK_BOX(body), content);
    gtk_window_set_child(GTK_WINDOW(window), body);

    /* The first style (Yelp when the bundled ones are installed) unless --style named one. */
    const char *wanted = g_object_get_data(G_OBJECT(app), "style");
    guint first = 0;
    for (guint i = 0; wanted && demo->style_ids && demo->style_ids[i]; i++)
        if (g_str_has_suffix(demo->style_ids[i], wanted))
            first = i;
    g_signal_connect(demo->styles, "notify::selected", G_CALLBACK(on_style_chosen), demo);
    if (demo->style_ids && demo->style_ids[0]) {
        gtk_drop_down_set_selected(demo->styles, first);
        rh_refresh_view_set_style_id(demo->view, demo->style_ids[first]);
    }
    gtk_window_present(GTK_WINDOW(window));
    gtk_widget_grab_focus(list);
}

int main(int argc, char **argv)
{
    char *style = NULL;
    GOptionEntry entries[] = {
        {"style", 0, 0, G_OPTION_ARG_STRING, &style, "the style to start with (an id, or its end: yelp)", "ID"},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GtkApplication *app = gtk_application_new("org.refreshhost.Demo", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    GOptionContext *context = g_option_context_new(NULL);
    g_option_context_add_main_entries(context, entries, NULL);
    g_option_context_set_ignore_unknown_options(context, TRUE);
    GError *error = NULL;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        g_printerr("%s\n", error->message);
        return 2;
    }
    g_option_context_free(context);
    g_object_set_data_full(G_OBJECT(app), "style", style, g_free);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
