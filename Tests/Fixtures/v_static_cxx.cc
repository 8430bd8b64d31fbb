/*
 * v_static_cxx.cc - RefreshHost test fixture (C++, so not on fixture_base.h).
 *
 * Breaks: a plugin should not carry its own copy of a language runtime. It
 * is a correct one-style plugin written in C++ (std::vector, a caught
 * exception), linked with -static-libstdc++ and its archive symbols hidden,
 * so it exports only rh_entry but contains a second C++ runtime (it defines
 * __cxa_throw). `validate` must warn in loading.linkage. Built by the tests
 * with
 *
 *   c++ -std=c++20 -O2 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared \
 *       -static-libstdc++ -Wl,--exclude-libs,ALL -I<dir of refresh_host.h> \
 *       -o libv_static_cxx.so v_static_cxx.cc
 */
#include <string_view>
#include <stdexcept>
#include <vector>

#include "refresh_host.h"

namespace {

struct Plugin {
    rh_instance_t instance;
    const rh_host_t *host;
    std::vector<rh_layer_t> layers;
};

bool setup(const rh_instance_t *self, rh_layer_t root)
{
    auto *p = static_cast<Plugin *>(self->plugin_data);
    try {
        rh_layer_t rect = p->host->layer_create(p->host, RH_LAYER_RECT, root);
        if (rect == RH_LAYER_NONE)
            throw std::runtime_error("no layer"); /* pulls in the runtime's exception machinery */
        p->layers.push_back(rect);
        p->host->layer_set(p->host, rect, RH_PROP_WIDTH, 20.0);
        p->host->layer_set(p->host, rect, RH_PROP_HEIGHT, 20.0);
    } catch (const std::exception &) {
        return false;
    }
    return true;
}

void destroy(const rh_instance_t *self)
{
    delete static_cast<Plugin *>(self->plugin_data);
}

void exit_now(const rh_instance_t *, rh_done_fn done)
{
    done();
}

const rh_style_descriptor_t descriptor = {
    .struct_size = sizeof(rh_style_descriptor_t),
    .id = "test.fixture.v_static_cxx",
    .name = "Fixture v_static_cxx",
    .version = "1.0.0",
    .vendor = "RefreshHost tests",
    .description = "A test fixture; see Tests/Fixtures/README.md.",
    .tags = nullptr,
    .height = 60,
    .cycle_duration = 0.5,
    .cycle_delay = 0,
    .cycle_curve = RH_CURVE_LINEAR,
    .cycle_spring_damping = 0.8,
    .cycle_spring_velocity = 1.0,
    .presentation = RH_PRESENTATION_SLIDE_DOWN,
    .anchor = RH_ANCHOR_TOP,
    // ABI 1.3's fields, spelled out: C++ warns about any left out.
    .trigger_distance = 0,
    .max_pull = 0,
    .trigger = RH_TRIGGER_DEFAULT,
    .physics = RH_PHYSICS_DEFAULT,
    .flags = 0,
    .announcements = nullptr,
    .param_count = 0,
    .params = nullptr,
    // ABI 1.4's: a style written in code has no data file.
    .source = nullptr,
};

uint32_t style_count() { return 1; }

const rh_style_descriptor_t *style_descriptor(uint32_t index) { return index == 0 ? &descriptor : nullptr; }

const rh_instance_t *create(const rh_host_t *host, const char *id)
{
    if (host == nullptr || id == nullptr || std::string_view(id) != descriptor.id)
        return nullptr;
    auto *p = new Plugin{};
    p->host = host;
    p->instance.struct_size = sizeof(rh_instance_t);
    p->instance.plugin_data = p;
    p->instance.setup = setup;
    p->instance.destroy = destroy;
    p->instance.exit = exit_now;
    return &p->instance;
}

const rh_entry_t entry = {
    .abi_version = { RH_ABI_VERSION_MAJOR, RH_ABI_VERSION_MINOR, RH_ABI_VERSION_PATCH },
    .struct_size = sizeof(rh_entry_t),
    .init = nullptr,
    .deinit = nullptr,
    .style_count = style_count,
    .style_descriptor = style_descriptor,
    .create = create,
    .style_error = nullptr,
    .data_paths = nullptr,
};

} // namespace

extern "C" RH_EXPORT const rh_entry_t *rh_entry(void)
{
    return &entry;
}
