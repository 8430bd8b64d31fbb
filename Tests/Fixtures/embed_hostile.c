/* embed_hostile.c - RefreshHost test fixture: an application that misuses
 * librefreshhost in every way refresh_host_embed.h documents, and embeds a
 * style that crashes mid-pull and one that hangs.
 *
 * Not a plugin: a program, built with cc -std=c11 -Wall -Wextra against the
 * header alone and linked to librefreshhost.so, run as a child by
 * RefreshEmbedTests. Usage:
 *
 *     embed_hostile PLUGINS CRASH_DIR HANG_DIR
 *
 * PLUGINS holds the bundled styles (yelp), CRASH_DIR a style that crashes in
 * its first pull (test.hostile.pull.crash_segv), HANG_DIR one that spins in
 * its first pull (test.hostile.pull.hang_busy). It prints "ok <check>" or
 * "FAIL <check>: <why>" per check, then "done <failures>", and exits with the
 * number of failures: the library must refuse every misuse with its status
 * and never take this process down.
 */
#define _POSIX_C_SOURCE 200809L
#include <refresh_host_embed.h>

#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures = 0;

static void check(int ok, const char *name, const char *detail) {
    if (ok) {
        printf("ok %s\n", name);
    } else {
        failures++;
        printf("FAIL %s: %s (last error: %s)\n", name, detail, rhe_last_error());
    }
    fflush(stdout);
}

/* A status check: `got` must be `want`. */
static void expect(rhe_status_t got, rhe_status_t want, const char *name) {
    char detail[96];
    snprintf(detail, sizeof detail, "status %d, expected %d", (int)got, (int)want);
    check(got == want, name, detail);
}

static double wall(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* What one view heard. */
typedef struct {
    int requested, failed, state_changes, announcements;
    char failure[512];
    rhe_state_t state;
    /* Reentrancy behaviour, chosen per view. */
    int end_in_request;       /* end the refresh from inside REFRESH_REQUESTED */
    int free_in_state;        /* free the view from inside its first STATE_CHANGED */
    rhe_host_t *host;         /* for the calls that must be refused from a callback */
    rhe_status_t end_status, advance_status, free_status, host_free_status, touch_status, size_status;
    int events_after_free;
    int freed;
} heard_t;

static void on_event(rhe_view_t *view, const rhe_event_t *e, void *user) {
    heard_t *h = user;
    if (h->freed) h->events_after_free++;
    switch (e->kind) {
    case RHE_EVENT_REFRESH_REQUESTED:
        h->requested++;
        if (h->end_in_request) {
            h->end_status = rhe_view_end_refresh(view, e->time, RHE_RESULT_SUCCESS, "done");
            rhe_frame_t f;
            RHE_INIT(&f);
            h->advance_status = rhe_view_advance(view, e->time, &f);
            h->touch_status = rhe_view_touch_down(view, e->time, 10);
            h->size_status = rhe_view_set_size(view, e->time, 300, 300, 1);
            h->host_free_status = rhe_host_free(h->host);
        }
        break;
    case RHE_EVENT_STATE_CHANGED:
        h->state_changes++;
        h->state = e->new_state;
        if (h->free_in_state && !h->freed) {
            h->free_status = rhe_view_free(view);
            h->freed = 1;
        }
        break;
    case RHE_EVENT_ANNOUNCEMENT:
        h->announcements++;
        break;
    case RHE_EVENT_STYLE_FAILED:
        h->failed++;
        snprintf(h->failure, sizeof h->failure, "%s", e->text);
        break;
    default:
        break;
    }
}

static rhe_host_t *make_host(const char *const *paths, size_t count, double budget) {
    rhe_host_options_t o;
    RHE_INIT(&o);
    o.search_paths = paths;
    o.search_path_count = count;
    o.budget = budget;
    rhe_host_t *host = NULL;
    rhe_status_t s = rhe_host_new(&o, &host);
    if (s != RHE_OK) {
        printf("FAIL host: %d %s\n", (int)s, rhe_last_error());
        exit(100);
    }
    return host;
}

static rhe_view_t *make_view(rhe_host_t *host, const char *style, heard_t *heard, double t) {
    rhe_view_options_t o;
    RHE_INIT(&o);
    o.width = 375;
    o.height = 600;
    o.scale = 2;
    o.on_event = on_event;
    o.user_data = heard;
    rhe_view_t *view = NULL;
    rhe_status_t s = rhe_view_new(host, style, &o, t, &view);
    if (s != RHE_OK) {
        printf("FAIL view %s: %d %s\n", style, (int)s, rhe_last_error());
        exit(101);
    }
    return view;
}

/* A pull of `travel` points over `steps` frames from time *t, then a release. */
static void pull(rhe_view_t *view, double *t, double travel, int steps) {
    rhe_view_touch_down(view, *t, 180);
    for (int i = 1; i <= steps; i++) {
        *t += 1.0 / 60;
        rhe_view_touch_move(view, *t, travel * i / steps, 180);
    }
    *t += 1.0 / 60;
    rhe_view_touch_up(view, *t);
}

/* Frames until the view is at rest (or `limit` seconds pass); returns the last. */
static rhe_frame_t settle(rhe_view_t *view, double *t, double limit) {
    rhe_frame_t f;
    RHE_INIT(&f);
    double end = *t + limit;
    do {
        *t += 1.0 / 60;
        rhe_view_advance(view, *t, &f);
    } while (f.needs_frames && *t < end);
    return f;
}

/* ---- Calls from another thread ---- */

typedef struct {
    rhe_host_t *host;
    rhe_view_t *view;
    rhe_status_t advance, count, view_free, host_free, host_new, end, set_size;
    int error_said;
    rhe_version_t version;
} other_t;

static void *other_thread(void *arg) {
    other_t *o = arg;
    rhe_frame_t f;
    RHE_INIT(&f);
    o->advance = rhe_view_advance(o->view, 1e6, &f);
    o->error_said = strstr(rhe_last_error(), "thread") != NULL;
    size_t n = 0;
    o->count = rhe_host_style_count(o->host, &n);
    o->end = rhe_view_end_refresh(o->view, 1e6, RHE_RESULT_SUCCESS, NULL);
    o->set_size = rhe_view_set_size(o->view, 1e6, 300, 300, 1);
    o->view_free = rhe_view_free(o->view);
    o->host_free = rhe_host_free(o->host);
    rhe_host_t *second = NULL;
    o->host_new = rhe_host_new(NULL, &second);
    o->version = rhe_version();
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: embed_hostile PLUGINS CRASH_DIR HANG_DIR\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    rhe_version_t v = rhe_version();
    check(v.major == RHE_VERSION_MAJOR && (int)v.minor >= RHE_VERSION_MINOR, "version", "library older than the header");

    /* ---- NULL handles and bad arguments ---- */
    expect(rhe_host_new(NULL, NULL), RHE_ERR_INVALID_ARGUMENT, "host_new NULL out");
    check(strlen(rhe_last_error()) > 0, "last error set", "empty after a failure");
    rhe_host_options_t bad;
    RHE_INIT(&bad);
    bad.struct_size = 4;
    rhe_host_t *none = (rhe_host_t *)1;
    expect(rhe_host_new(&bad, &none), RHE_ERR_INVALID_ARGUMENT, "host_new struct_size 4");
    check(none == NULL, "host_new failure leaves NULL", "out_host not NULL");
    RHE_INIT(&bad);
    bad.budget = NAN;
    expect(rhe_host_new(&bad, &none), RHE_ERR_OUT_OF_RANGE, "host_new budget NaN");
    RHE_INIT(&bad);
    bad.isolation = 42;
    expect(rhe_host_new(&bad, &none), RHE_ERR_INVALID_ARGUMENT, "host_new isolation 42");
    RHE_INIT(&bad);
    bad.worker_executable = "/nonexistent/refresh-host";
    expect(rhe_host_new(&bad, &none), RHE_ERR_NO_WORKER, "host_new missing worker");
    const char *missing[] = { "/nonexistent/plugins" };
    RHE_INIT(&bad);
    bad.search_paths = missing;
    bad.search_path_count = 1;
    expect(rhe_host_new(&bad, &none), RHE_ERR_SEARCH_PATH, "host_new missing search path");

    expect(rhe_host_free(NULL), RHE_OK, "host_free NULL");
    expect(rhe_view_free(NULL), RHE_OK, "view_free NULL");
    expect(rhe_host_rescan(NULL), RHE_ERR_INVALID_ARGUMENT, "rescan NULL");
    size_t count = 0;
    expect(rhe_host_style_count(NULL, &count), RHE_ERR_INVALID_ARGUMENT, "style_count NULL");
    rhe_frame_t frame;
    RHE_INIT(&frame);
    expect(rhe_view_advance(NULL, 0, &frame), RHE_ERR_INVALID_ARGUMENT, "advance NULL view");
    expect(rhe_view_touch_down(NULL, 0, 0), RHE_ERR_INVALID_ARGUMENT, "touch_down NULL view");
    expect(rhe_view_end_refresh(NULL, 0, RHE_RESULT_SUCCESS, NULL), RHE_ERR_INVALID_ARGUMENT, "end NULL view");
    expect(rhe_view_draw_cairo(NULL, NULL, 1), RHE_ERR_INVALID_ARGUMENT, "draw_cairo NULL view");
    expect(rhe_view_set_size(NULL, 0, 300, 300, 1), RHE_ERR_INVALID_ARGUMENT, "set_size NULL view");
    expect(rhe_view_set_size((rhe_view_t *)&frame, 0, 300, 300, 1), RHE_ERR_INVALID_ARGUMENT, "set_size made-up handle");
    expect(rhe_view_advance((rhe_view_t *)&frame, 0, &frame), RHE_ERR_INVALID_ARGUMENT, "advance made-up handle");

    const char *paths[] = { argv[1], argv[2], argv[3] };
    rhe_host_t *host = make_host(paths, 3, 1.0);
    expect(rhe_host_style_count(host, NULL), RHE_ERR_INVALID_ARGUMENT, "style_count NULL out");
    expect(rhe_host_style_count(host, &count), RHE_OK, "style_count");
    rhe_style_info_t info;
    RHE_INIT(&info);
    expect(rhe_host_style_at(host, count, &info), RHE_ERR_OUT_OF_RANGE, "style_at past the end");
    expect(rhe_host_style_at(host, (size_t)-1, &info), RHE_ERR_OUT_OF_RANGE, "style_at SIZE_MAX");
    info.struct_size = 8;
    expect(rhe_host_style_at(host, 0, &info), RHE_ERR_INVALID_ARGUMENT, "style_at struct_size 8");
    expect(rhe_view_advance((rhe_view_t *)host, 0, &frame), RHE_ERR_INVALID_ARGUMENT, "a host passed as a view");
    expect(rhe_view_set_size((rhe_view_t *)host, 0, 300, 300, 1), RHE_ERR_INVALID_ARGUMENT, "set_size: a host passed as a view");

    heard_t heard_a = {0};
    rhe_view_t *none_view = (rhe_view_t *)1;
    rhe_view_options_t vo;
    RHE_INIT(&vo);
    vo.width = 375;
    vo.height = 600;
    expect(rhe_view_new(host, "no.such.style", &vo, 0, &none_view), RHE_ERR_NOT_FOUND, "view_new unknown style");
    check(none_view == NULL, "view_new failure leaves NULL", "out_view not NULL");
    expect(rhe_view_new(host, NULL, &vo, 0, &none_view), RHE_ERR_INVALID_ARGUMENT, "view_new NULL style");
    expect(rhe_view_new(host, "yelp", NULL, 0, &none_view), RHE_ERR_INVALID_ARGUMENT, "view_new NULL options");
    vo.width = NAN;
    expect(rhe_view_new(host, "yelp", &vo, 0, &none_view), RHE_ERR_OUT_OF_RANGE, "view_new width NaN");
    vo.width = 1e9;
    expect(rhe_view_new(host, "yelp", &vo, 0, &none_view), RHE_ERR_OUT_OF_RANGE, "view_new width 1e9");
    vo.width = 375;
    vo.physics = 99;
    expect(rhe_view_new(host, "yelp", &vo, 0, &none_view), RHE_ERR_INVALID_ARGUMENT, "view_new physics 99");
    vo.physics = 0;
    rhe_param_t param = { "nonsense", "1" };
    vo.params = &param;
    vo.param_count = 1;
    expect(rhe_view_new(host, "yelp", &vo, 0, &none_view), RHE_ERR_INVALID_ARGUMENT, "view_new undeclared parameter");
    expect(rhe_view_new(host, "yelp", &vo, INFINITY, &none_view), RHE_ERR_OUT_OF_RANGE, "view_new time infinite");

    /* ---- Time and numbers ---- */
    double t = 50;
    rhe_view_t *a = make_view(host, "yelp", &heard_a, t);
    expect(rhe_view_advance(a, t, &frame), RHE_OK, "advance at the start time");
    expect(rhe_view_advance(a, t - 0.001, &frame), RHE_ERR_TIME_BACKWARDS, "time backwards");
    expect(rhe_view_touch_down(a, t - 1, 10), RHE_ERR_TIME_BACKWARDS, "touch at an earlier time");
    expect(rhe_view_advance(a, NAN, &frame), RHE_ERR_OUT_OF_RANGE, "time NaN");
    expect(rhe_view_advance(a, INFINITY, &frame), RHE_ERR_OUT_OF_RANGE, "time infinite");
    expect(rhe_view_touch_down(a, t, NAN), RHE_ERR_OUT_OF_RANGE, "x NaN");
    expect(rhe_view_touch_down(a, t, 1e300), RHE_ERR_OUT_OF_RANGE, "x 1e300");
    expect(rhe_view_touch_down(a, t, 100), RHE_OK, "touch down");
    expect(rhe_view_touch_move(a, t, 1e7, 100), RHE_ERR_OUT_OF_RANGE, "travel 1e7");
    expect(rhe_view_touch_move(a, t, -INFINITY, 100), RHE_ERR_OUT_OF_RANGE, "travel -inf");
    expect(rhe_view_touch_move(a, t + 0.1, 1e6, 100), RHE_OK, "travel 1e6");
    expect(rhe_view_advance(a, t + 0.1, &frame), RHE_OK, "advance after a huge pull");
    check(isfinite(frame.pull) && frame.pull >= 0 && frame.pull <= 600, "huge pull bounded", "pull not within the view");
    expect(rhe_view_overscroll(a, t + 0.1, 7, 0), RHE_ERR_INVALID_ARGUMENT, "overscroll phase 7");
    expect(rhe_view_overscroll(a, t + 0.1, RHE_OVERSCROLL_UPDATE, NAN), RHE_ERR_OUT_OF_RANGE, "overscroll delta NaN");
    expect(rhe_view_end_refresh(a, t + 0.1, 99, NULL), RHE_ERR_INVALID_ARGUMENT, "end result 99");
    char long_message[400];
    memset(long_message, 'x', sizeof long_message - 1);
    long_message[sizeof long_message - 1] = 0;
    expect(rhe_view_end_refresh(a, t + 0.1, RHE_RESULT_SUCCESS, long_message), RHE_ERR_OUT_OF_RANGE, "end message 399 bytes");
    frame.struct_size = 3;
    expect(rhe_view_advance(a, t + 0.1, &frame), RHE_ERR_INVALID_ARGUMENT, "frame struct_size 3");
    RHE_INIT(&frame);
    static uint32_t pixels[64 * 64];
    expect(rhe_view_draw_rgba(a, (uint8_t *)pixels, 0, 64, 256, 1), RHE_ERR_OUT_OF_RANGE, "draw width 0");
    expect(rhe_view_draw_rgba(a, (uint8_t *)pixels, 64, 64, 100, 1), RHE_ERR_OUT_OF_RANGE, "draw stride too small");
    expect(rhe_view_draw_rgba(a, (uint8_t *)pixels, 64, 64, 256, NAN), RHE_ERR_OUT_OF_RANGE, "draw scale NaN");
    expect(rhe_view_draw_rgba(a, NULL, 64, 64, 256, 1), RHE_ERR_INVALID_ARGUMENT, "draw NULL pixels");
    expect(rhe_view_draw_rgba(a, (uint8_t *)pixels, 64, 64, 256, 1), RHE_OK, "draw a small buffer");
    expect(rhe_view_touch_up(a, t + 0.2), RHE_OK, "release the huge pull");
    /* set_size (1.1): numbers it cannot use change nothing; the view keeps its size. */
    expect(rhe_view_set_size(a, t + 0.2, NAN, 600, 0), RHE_ERR_OUT_OF_RANGE, "set_size width NaN");
    expect(rhe_view_set_size(a, t + 0.2, 375, INFINITY, 0), RHE_ERR_OUT_OF_RANGE, "set_size height infinite");
    expect(rhe_view_set_size(a, t + 0.2, 0, 0, 0), RHE_ERR_OUT_OF_RANGE, "set_size to zero");
    expect(rhe_view_set_size(a, t + 0.2, -375, 600, 0), RHE_ERR_OUT_OF_RANGE, "set_size negative width");
    expect(rhe_view_set_size(a, t + 0.2, 1e9, 1e9, 0), RHE_ERR_OUT_OF_RANGE, "set_size 1e9");
    expect(rhe_view_set_size(a, t + 0.2, DBL_MAX, 600, 0), RHE_ERR_OUT_OF_RANGE, "set_size DBL_MAX");
    expect(rhe_view_set_size(a, t + 0.2, 375, 600, NAN), RHE_ERR_OUT_OF_RANGE, "set_size scale NaN");
    expect(rhe_view_set_size(a, t + 0.2, 375, 600, -2), RHE_ERR_OUT_OF_RANGE, "set_size scale -2");
    expect(rhe_view_set_size(a, t + 0.2, 375, 600, 1e300), RHE_ERR_OUT_OF_RANGE, "set_size scale 1e300");
    expect(rhe_view_set_size(a, NAN, 375, 600, 0), RHE_ERR_OUT_OF_RANGE, "set_size time NaN");
    expect(rhe_view_set_size(a, t, 375, 600, 0), RHE_ERR_TIME_BACKWARDS, "set_size time backwards");
    expect(rhe_view_advance(a, t + 0.2, &frame), RHE_OK, "advance after the refused sizes");
    check(frame.header_width == 375, "set_size refused: the view kept its width", "the width changed");
    /* Mid-refresh (the huge pull's release started one), many times in a row, then back. */
    for (int i = 0; i < 20; i++)
        expect(rhe_view_set_size(a, t + 0.2 + i * 0.01, 200 + 20 * i, 300 + 10 * i, 1 + (i % 3)), RHE_OK, "set_size mid-refresh");
    expect(rhe_view_set_size(a, t + 0.4, 375, 600, 2), RHE_OK, "set_size back");
    expect(rhe_view_advance(a, t + 0.4, &frame), RHE_OK, "advance after the resizes");
    check(frame.header_width == 375 && frame.state == RHE_STATE_REFRESHING && !frame.style_failed,
          "set_size mid-refresh: still refreshing, at the last size", "wrong state or width");
    check(heard_a.requested == 1, "huge pull refreshes once", "not one refresh request");
    /* A suspended app: a day later, with the refresh still running. */
    double before = wall();
    expect(rhe_view_advance(a, t + 86400, &frame), RHE_OK, "a day's gap");
    check(wall() - before < 1.0, "a day's gap is quick", "took a second or more");
    t += 86400;

    /* ---- A view outliving its host ---- */
    expect(rhe_host_free(host), RHE_ERR_BUSY, "host_free with a live view");
    expect(rhe_view_end_refresh(a, t, RHE_RESULT_SUCCESS, NULL), RHE_OK, "view works after a refused host_free");
    frame = settle(a, &t, 5);
    check(frame.state == RHE_STATE_IDLE, "view back to idle after host_free was refused", "not idle");

    /* ---- Another thread ---- */
    other_t other = { .host = host, .view = a };
    pthread_t thread;
    pthread_create(&thread, NULL, other_thread, &other);
    pthread_join(thread, NULL);
    expect(other.advance, RHE_ERR_WRONG_THREAD, "advance from another thread");
    check(other.error_said, "wrong-thread error says so", "no 'thread' in the other thread's last error");
    expect(other.count, RHE_ERR_WRONG_THREAD, "style_count from another thread");
    expect(other.end, RHE_ERR_WRONG_THREAD, "end from another thread");
    expect(other.set_size, RHE_ERR_WRONG_THREAD, "set_size from another thread");
    expect(other.view_free, RHE_ERR_WRONG_THREAD, "view_free from another thread");
    expect(other.host_free, RHE_ERR_WRONG_THREAD, "host_free from another thread");
    expect(other.host_new, RHE_ERR_WRONG_THREAD, "host_new from another thread while a host lives");
    check(other.version.major == RHE_VERSION_MAJOR, "version from another thread", "wrong version");
    expect(rhe_view_advance(a, t, &frame), RHE_OK, "view works after the other thread's calls");

    /* ---- Reentrancy: end inside REFRESH_REQUESTED ---- */
    heard_a.end_in_request = 1;
    heard_a.host = host;
    heard_a.requested = 0;
    pull(a, &t, 400, 20);
    check(heard_a.requested == 1, "reentrant: one request", "not one refresh request");
    expect(heard_a.end_status, RHE_OK_QUEUED, "end inside the callback is queued");
    expect(heard_a.advance_status, RHE_ERR_REENTRANT, "advance inside the callback is refused");
    expect(heard_a.touch_status, RHE_ERR_REENTRANT, "touch inside the callback is refused");
    expect(heard_a.size_status, RHE_ERR_REENTRANT, "set_size inside the callback is refused");
    expect(heard_a.host_free_status, RHE_ERR_REENTRANT, "host_free inside the callback is refused");
    frame = settle(a, &t, 5);
    check(frame.state == RHE_STATE_IDLE && heard_a.requested == 1, "queued end applied: back to idle", "not idle");
    heard_a.end_in_request = 0;

    /* ---- Reentrancy: free inside a callback ---- */
    heard_t heard_b = { .free_in_state = 1 };
    rhe_view_t *b = make_view(host, "yelp", &heard_b, t);
    expect(rhe_view_touch_down(b, t, 100), RHE_OK, "touch before the free");
    t += 0.1;
    expect(rhe_view_touch_move(b, t, 80, 100), RHE_OK, "the call whose event frees the view");
    expect(heard_b.free_status, RHE_OK_QUEUED, "free inside the callback is deferred");
    check(heard_b.events_after_free == 0, "no events after a deferred free", "events arrived after the free");
    expect(rhe_view_advance(b, t, &frame), RHE_ERR_INVALID_ARGUMENT, "the freed view is refused");
    expect(rhe_view_set_size(b, t, 300, 300, 1), RHE_ERR_INVALID_ARGUMENT, "set_size on the freed view is refused");

    /* ---- A style that crashes mid-pull ---- */
    heard_t heard_c = {0};
    rhe_view_t *c = make_view(host, "test.hostile.pull.crash_segv", &heard_c, t);
    before = wall();
    pull(c, &t, 400, 20);
    check(heard_c.failed == 1, "crash: exactly one style-failed event", "not one STYLE_FAILED");
    check(strstr(heard_c.failure, "SIGSEGV") != NULL, "crash: the reason names the signal", heard_c.failure);
    check(heard_c.requested == 1, "crash: the release still requests a refresh", "no refresh request");
    expect(rhe_view_advance(c, t, &frame), RHE_OK, "crash: frames go on");
    check(frame.style_failed && frame.state == RHE_STATE_REFRESHING && frame.content_offset > 0,
          "crash: the list rests open while refreshing", "frame not failed/refreshing/open");
    memset(pixels, 0, sizeof pixels);
    expect(rhe_view_draw_rgba(c, (uint8_t *)pixels, 64, 64, 256, 1), RHE_OK, "crash: draw is allowed");
    int drawn = 0;
    for (size_t i = 0; i < 64 * 64; i++) drawn |= pixels[i] != 0;
    check(!drawn, "crash: nothing is drawn for the failed style", "pixels changed");
    expect(rhe_view_end_refresh(c, t, RHE_RESULT_SUCCESS, NULL), RHE_OK, "crash: end refresh");
    frame = settle(c, &t, 5);
    check(frame.state == RHE_STATE_IDLE && !frame.needs_frames, "crash: back to idle", "not idle");
    heard_c.requested = 0;
    pull(c, &t, 400, 20);
    check(heard_c.requested == 1 && heard_c.failed == 1, "crash: a second pull refreshes, no second failure", "wrong counts");
    rhe_style_info_t running;
    RHE_INIT(&running);
    expect(rhe_view_get_style(c, &running), RHE_OK, "crash: get_style after the failure");
    expect(rhe_view_set_size(c, t, 500, 400, 1), RHE_OK, "crash: set_size after the failure");
    expect(rhe_view_advance(c, t, &frame), RHE_OK, "crash: frames after set_size");
    check(frame.style_failed && heard_c.failed == 1, "crash: set_size brings no second failure", "wrong counts");
    /* A style that crashes in its pull, resized mid-pull: the new instance is put back at the pull and
     * crashes there; that is the view's one failure, and set_size still returns OK. */
    heard_t heard_e = {0};
    rhe_view_t *e = make_view(host, "test.hostile.pull.crash_segv", &heard_e, t);
    expect(rhe_view_touch_down(e, t, 100), RHE_OK, "crash in resize: touch down");
    if (heard_e.failed == 0) {
        t += 0.1;
        expect(rhe_view_set_size(e, t, 320, 500, 1), RHE_OK, "crash in resize: set_size with a finger down");
    }
    t += 0.1;
    expect(rhe_view_touch_move(e, t, 200, 100), RHE_OK, "crash in resize: the pull goes on");
    t += 0.1;
    expect(rhe_view_set_size(e, t, 330, 500, 1), RHE_OK, "crash in resize: set_size mid-pull");
    expect(rhe_view_touch_up(e, t), RHE_OK, "crash in resize: release");
    check(heard_e.failed == 1 && heard_e.requested == 1, "crash in resize: one failure, one refresh request",
          heard_e.failure);
    expect(rhe_view_free(e), RHE_OK, "free view e");
    printf("crash took %.2f s: %s\n", wall() - before, heard_c.failure);

    /* ---- A style that hangs ---- */
    heard_t heard_d = {0};
    rhe_view_t *d = make_view(host, "test.hostile.pull.hang_busy", &heard_d, t);
    before = wall();
    expect(rhe_view_touch_down(d, t, 100), RHE_OK, "hang: touch down");
    t += 0.1;
    expect(rhe_view_touch_move(d, t, 300, 100), RHE_OK, "hang: the move that hangs returns");
    double waited = wall() - before;
    char detail[64];
    snprintf(detail, sizeof detail, "waited %.2f s for a 1 s budget", waited);
    /* The budget is the worker's own time; a view's wall cap is twice it (2 s), and
     * a loaded machine may take that: the margin is for stopping the worker. */
    check(waited < 3.5, "hang: returns within the budget's wall cap", detail);
    printf("hang took %.2f s: %s\n", waited, heard_d.failure);
    check(heard_d.failed == 1, "hang: exactly one style-failed event", "not one STYLE_FAILED");
    check(strstr(heard_d.failure, "did not return from pull() within") != NULL,
          "hang: the reason says it hung", heard_d.failure);
    t += 0.1;
    expect(rhe_view_touch_up(d, t), RHE_OK, "hang: release");
    check(heard_d.requested == 1, "hang: the release still requests a refresh", "no refresh request");
    expect(rhe_view_end_refresh(d, t, RHE_RESULT_FAILURE, "no network"), RHE_OK, "hang: end refresh");
    frame = settle(d, &t, 5);
    check(frame.state == RHE_STATE_IDLE && frame.style_failed, "hang: back to idle", "not idle");

    /* ---- Lifetime: free everything in order ---- */
    expect(rhe_view_free(a), RHE_OK, "free view a");
    expect(rhe_view_free(c), RHE_OK, "free view c");
    expect(rhe_host_free(host), RHE_ERR_BUSY, "host_free with one view left");
    expect(rhe_view_free(d), RHE_OK, "free view d");
    expect(rhe_host_free(host), RHE_OK, "host_free after the views");
    expect(rhe_host_rescan(host), RHE_ERR_INVALID_ARGUMENT, "the freed host is refused");

    printf("done %d\n", failures);
    return failures;
}
