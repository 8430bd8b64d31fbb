#!/usr/bin/python3
"""Pull to refresh in a Python GTK 4 app, with RefreshHost's widget through
GObject introspection (RefreshHostGtk-1.0).

    GI_TYPELIB_PATH=<prefix>/lib/girepository-1.0 python3 pull-to-refresh.py [--style ID] [--mouse-drag]

Pull down at the top of the list (touch, the wheel, the touchpad, or the
mouse with --mouse-drag) or press F5: three new rows arrive after a
simulated one-second fetch. It prints one line per thing that happened
(refresh, ended, state, style-failed), which RefreshWidgetTests reads.
"""
import argparse
import sys
import time

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("RefreshHostGtk", "1.0")
from gi.repository import GLib, Gtk, RefreshHostGtk  # noqa: E402


def say(line):
    print(line, flush=True)


class PullToRefresh(Gtk.Application):
    def __init__(self, style, mouse_drag):
        super().__init__(application_id=None, flags=0)
        self.style = style
        self.mouse_drag = mouse_drag
        self.fetched = 0

    def do_activate(self):
        window = Gtk.ApplicationWindow(application=self, title="Pull to refresh (Python)")
        window.set_default_size(400, 500)

        self.items = Gtk.StringList.new([f"Item {i}" for i in range(1, 41)])
        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", lambda _f, item: item.set_child(Gtk.Label(xalign=0, margin_start=12, margin_top=10, margin_bottom=10)))
        factory.connect("bind", lambda _f, item: item.get_child().set_text(item.get_item().get_string()))
        listview = Gtk.ListView(model=Gtk.NoSelection(model=self.items), factory=factory)
        scrolled = Gtk.ScrolledWindow(child=listview)

        self.view = RefreshHostGtk.RefreshView(child=scrolled, style_id=self.style, mouse_drag=self.mouse_drag)
        self.view.connect("refresh", self.on_refresh)
        self.view.connect("style-failed", lambda _v, reason: say(f"style-failed {reason}"))
        self.view.connect("notify::state", lambda v, _p: say(f"state {v.props.state.value_nick}"))
        self.view.connect("notify::style-loaded", lambda v, _p: v.props.style_loaded and say("style-loaded"))
        window.set_child(self.view)
        window.connect("map", lambda _w: say("mapped"))
        window.present()
        listview.grab_focus()

    def on_refresh(self, view):
        say("refresh")
        GLib.timeout_add(1000, self.fetch_done)

    def fetch_done(self):
        stamp = time.strftime("%H:%M:%S")
        for _ in range(3):
            self.fetched += 1
            self.items.splice(0, 0, [f"New item {self.fetched} ({stamp})"])
        self.view.end_refresh(RefreshHostGtk.RefreshResult.SUCCESS, "3 new items")
        say("ended success")
        return GLib.SOURCE_REMOVE


def main():
    parser = argparse.ArgumentParser(description="RefreshHost's pull-to-refresh widget from Python")
    parser.add_argument("--style", default="com.refreshhost.yelp", help="a style id, as `refresh-host list` shows them")
    parser.add_argument("--mouse-drag", action="store_true", help="pull with the mouse too")
    args = parser.parse_args()
    styles = RefreshHostGtk.RefreshView.list_styles()
    if args.style not in styles:
        print(f"no style {args.style}; installed: {', '.join(styles)}", file=sys.stderr)
        return 1
    return PullToRefresh(args.style, args.mouse_drag).run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
