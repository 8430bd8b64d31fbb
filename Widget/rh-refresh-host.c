/* The process's one librefreshhost host (the library wants one per process,
 * on the main thread), and the style catalogue it reads. */
#include "rh-refresh-view-private.h"

G_DEFINE_QUARK(rh-refresh-error-quark, rh_refresh_error)

static rhe_host_t *shared_host;
static char *host_error; /* why the host could not be made: said once, kept */

static void log_line(rhe_log_level_t level, const char *line, void *user_data)
{
    (void)user_data;
    GLogLevelFlags flags = level >= RHE_LOG_ERROR     ? G_LOG_LEVEL_WARNING
                           : level == RHE_LOG_WARNING ? G_LOG_LEVEL_MESSAGE
                           : level == RHE_LOG_INFO    ? G_LOG_LEVEL_INFO
                                                      : G_LOG_LEVEL_DEBUG;
    g_log("RefreshHost", flags, "%s", line);
}

rhe_host_t *rh_refresh_host_get(GError **error)
{
    if (shared_host)
        return shared_host;
    if (!host_error) {
        rhe_host_options_t options;
        RHE_INIT(&options);
        options.log = log_line;
        options.log_level = RHE_LOG_INFO;
        rhe_host_t *host = NULL;
        if (rhe_host_new(&options, &host) == RHE_OK)
            shared_host = host;
        else
            host_error = g_strdup(rhe_last_error());
    }
    if (!shared_host)
        g_set_error(error, RH_REFRESH_ERROR, 0, "%s", host_error);
    return shared_host;
}

/**
 * rh_refresh_view_list_styles:
 * @error: where to say why the styles could not be read
 *
 * The ids of the styles that can run: those `refresh-host list` shows, in
 * its order.
 *
 * Returns: (transfer full) (array zero-terminated=1): the style ids, or %NULL with @error set
 */
char **rh_refresh_view_list_styles(GError **error)
{
    rhe_host_t *host = rh_refresh_host_get(error);
    if (!host)
        return NULL;
    size_t count = 0;
    if (rhe_host_style_count(host, &count) != RHE_OK) {
        g_set_error(error, RH_REFRESH_ERROR, 0, "%s", rhe_last_error());
        return NULL;
    }
    GStrvBuilder *ids = g_strv_builder_new();
    for (size_t i = 0; i < count; i++) {
        rhe_style_info_t info;
        RHE_INIT(&info);
        if (rhe_host_style_at(host, i, &info) == RHE_OK && info.header)
            g_strv_builder_add(ids, info.id);
    }
    char **result = g_strv_builder_end(ids);
    g_strv_builder_unref(ids);
    return result;
}

/**
 * rh_refresh_view_get_style_name:
 * @style_id: a style id
 *
 * The name a style gives itself ("Yelp" for com.refreshhost.yelp).
 *
 * Returns: (transfer full) (nullable): the name, or %NULL if no style has that id
 */
char *rh_refresh_view_get_style_name(const char *style_id)
{
    g_return_val_if_fail(style_id != NULL, NULL);
    rhe_host_t *host = rh_refresh_host_get(NULL);
    size_t count = 0;
    if (!host || rhe_host_style_count(host, &count) != RHE_OK)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        rhe_style_info_t info;
        RHE_INIT(&info);
        if (rhe_host_style_at(host, i, &info) == RHE_OK && strcmp(info.id, style_id) == 0)
            return g_strdup(info.name);
    }
    return NULL;
}
