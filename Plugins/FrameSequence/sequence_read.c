/*
 * sequence_read.c - reading a style's files, inside its root only.
 *
 * Confinement: every file is read through fs_read_file, which resolves it
 * and refuses anything whose real path leaves the root, so a link in a
 * style folder cannot make the plugin read the rest of the disk. Only
 * regular files are read, with open/fstat/read, and no file over 32 MiB.
 */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sequence_scan.h"

/* ------------------------------------------------------------------------ */
/* Reading inside a root                                                     */
/* ------------------------------------------------------------------------ */

bool fs_inside(const char *root, const char *path)
{
    size_t n = strlen(root);
    if (n == 1 && root[0] == '/')
        return path[0] == '/';
    return strncmp(path, root, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* Resolves `path` into `real` (PATH_MAX bytes) and checks it stays inside
 * `root`. */
bool fs_resolve_inside(const char *root, const char *path, char *real, char *err, size_t n)
{
    if (realpath(path, real) == NULL) {
        struct stat st;
        if (errno == ENOENT && lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
            fs_format(err, n, "is a link to nothing");
        else
            fs_format(err, n, "cannot be opened (%s)", strerror(errno));
        return false;
    }
    if (!fs_inside(root, real)) {
        fs_format(err, n, "is a link that leaves %s; styles are read only from inside it", root);
        return false;
    }
    return true;
}

bool fs_read_resolved(const char *real, size_t prefix, fs_bytes_t *out, char *err, size_t n)
{
    /* O_NOFOLLOW: the path is resolved, so a link here was put there since;
     * O_NONBLOCK: a FIFO must not hang the scan before fstat refuses it. */
    int fd = open(real, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        fs_format(err, n, "cannot be opened (%s)", strerror(errno));
        return false;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        fs_format(err, n, "is not a regular file");
        close(fd);
        return false;
    }
    if ((uint64_t)st.st_size > FS_MAX_FILE_BYTES) {
        fs_format(err, n, "is %.1f MiB; a file may have at most %u MiB", st.st_size / 1048576.0,
                  FS_MAX_FILE_BYTES >> 20);
        close(fd);
        return false;
    }
    size_t want = (size_t)st.st_size;
    if (prefix > 0 && prefix < want)
        want = prefix;
    uint8_t *data = malloc(want ? want : 1);
    if (data == NULL) {
        fs_format(err, n, "out of memory");
        close(fd);
        return false;
    }
    size_t got = 0;
    while (got < want) {
        ssize_t r = read(fd, data + got, want - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            fs_format(err, n, "cannot be read (%s)", strerror(errno));
            free(data);
            close(fd);
            return false;
        }
        if (r == 0)
            break; /* it shrank: what is there is what the probes judge */
        got += (size_t)r;
    }
    close(fd);
    out->data = data;
    out->size = got;
    return true;
}

bool fs_read_file(const char *root, const char *path, size_t prefix, fs_bytes_t *out, char *err, size_t n)
{
    char real[PATH_MAX];
    out->data = NULL;
    out->size = 0;
    return fs_resolve_inside(root, path, real, err, n) && fs_read_resolved(real, prefix, out, err, n);
}

void fs_bytes_free(fs_bytes_t *bytes)
{
    free(bytes->data);
    bytes->data = NULL;
    bytes->size = 0;
}
