/*
 * other_arch.c - RefreshHost test fixture for the hostile matrix: a plugin
 * built for another architecture (aarch64, on an x86_64 host; the test picks
 * the target that is not the host's).
 *
 * Breaks: the file is an ELF shared object the host cannot load (e_machine is
 * not its own). The host must refuse it by its header, in one line, and never
 * hand it to dlopen blindly.
 *
 * Freestanding (no libc: the cross build has no target headers or libraries),
 * with Swift's clang and lld:
 *
 *   clang --target=aarch64-linux-gnu -ffreestanding -nostdlib -fuse-ld=lld \
 *         -std=c11 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared \
 *         -I<dir of refresh_host.h> -o libx.so other_arch.c
 */
#include "refresh_host.h"

static uint32_t other_arch_count(void)
{
    return 1;
}

static const rh_style_descriptor_t other_arch_descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = "test.hostile.file.other_arch",
    .name = "Hostile other architecture",
    .version = "1.0.0",
    .height = 60,
    .cycle_duration = 0.5,
};

static const rh_style_descriptor_t *other_arch_describe(uint32_t index)
{
    return index == 0 ? &other_arch_descriptor : NULL;
}

static const rh_instance_t *other_arch_create(const rh_host_t *host, const char *style_id)
{
    (void)host;
    (void)style_id;
    return NULL;
}

RH_EXPORT const rh_entry_t *rh_entry(void);

RH_EXPORT const rh_entry_t *rh_entry(void)
{
    static const rh_entry_t entry = {
        .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
        .struct_size = sizeof(rh_entry_t),
        .style_count = other_arch_count,
        .style_descriptor = other_arch_describe,
        .create = other_arch_create,
    };
    return &entry;
}
