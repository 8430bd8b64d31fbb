#!/usr/bin/python3
"""make bench's idle section: what a widget window costs at rest and while a
refresh animates. The test window (rh-widget-test-app) runs on its own Xvfb;
for each style it is measured SECONDS at rest, SECONDS while refreshing, and
SECONDS at rest again after the refresh ended: user+sys CPU of the app and of
its style's worker (from /proc/PID/stat) as % of one core, and the window's
frame-clock paints a second (an idle view must not tick).

usage: idle-bench.py GTK_FOLDER [SECONDS] [STYLE...]
"""
import os
import queue
import subprocess
import sys
import threading
import time

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_ticks(pid):
    """utime + stime of a process, in clock ticks (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except OSError:
        return 0


def children(pid):
    """The pids whose parent is `pid` (the worker of the view)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except OSError:
                pass
    return found


class App:
    def __init__(self, gtk, display, style):
        env = dict(os.environ, DISPLAY=display, GDK_BACKEND="x11", NO_AT_BRIDGE="1", GSK_RENDERER="cairo")
        env.pop("WAYLAND_DISPLAY", None)
        self.process = subprocess.Popen([gtk + "/rh-widget-test-app", "--style", style, "--title", "rh-idle"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        env=env, text=True, bufsize=1)
        self.lines = []
        # A thread reads the lines (select on a buffered pipe would miss lines already buffered).
        self.queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.queue.put(line.rstrip("\n"))
        self.queue.put(None)

    def wait_for(self, predicate, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.queue.get(timeout=0.1)
            except queue.Empty:
                continue
            if line is None:
                break
            self.lines.append(line)
            if predicate(line):
                return line
        raise RuntimeError(f"the test window did not say what was awaited; last lines: {self.lines[-5:]}")

    def send(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def paints(self):
        self.send("query")
        line = self.wait_for(lambda l: l.startswith("frame "))
        return int(dict(w.split("=", 1) for w in line.split()[1:] if "=" in w)["paints"])

    def stop(self):
        try:
            self.send("quit")
            self.process.wait(5)
        except Exception:
            self.process.kill()
            self.process.wait()


def measure(app, workers, seconds):
    """(% of a core for the app, for its workers, paints a second) over `seconds`."""
    paints = app.paints()
    app_cpu, worker_cpu = cpu_ticks(app.process.pid), sum(cpu_ticks(w) for w in workers)
    start = time.monotonic()
    time.sleep(seconds)
    wall = time.monotonic() - start
    app_after, worker_after = cpu_ticks(app.process.pid), sum(cpu_ticks(w) for w in workers)
    paints_after = app.paints()
    percent = lambda ticks: 100.0 * ticks / TICKS / wall
    return percent(app_after - app_cpu), percent(worker_after - worker_cpu), (paints_after - paints) / wall


def main():
    gtk = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
    styles = sys.argv[3:] or ["com.refreshhost.yelp", "com.refreshhost.orbit"]
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            sys.exit("Xvfb did not start")
        number += chunk
    display = ":" + number.decode().strip()
    print(f"idle: the test window (400 x 500, worker isolation) under Xvfb, {seconds:g} s a phase; CPU is user+sys from")
    print("/proc as % of one core; paints/s is the window's frame clock (an idle view must not tick)")
    print(f"{'style':<26} {'phase':<22} {'app %':>7} {'worker %':>9} {'paints/s':>9}")
    try:
        for style in styles:
            app = App(gtk, display, style)
            try:
                app.wait_for(lambda l: l == "style-loaded 1")
                workers = children(app.process.pid)
                time.sleep(1)  # the first frames and the list's layout
                rows = [("at rest", measure(app, workers, seconds))]
                app.send("begin")
                app.wait_for(lambda l: l == "state 3")
                time.sleep(0.5)  # past the header's opening
                rows.append(("refreshing (animating)", measure(app, workers, seconds)))
                app.send("end success")
                app.wait_for(lambda l: l == "state 0", timeout=15)
                time.sleep(1)
                rows.append(("at rest after it", measure(app, workers, seconds)))
                for phase, (a, w, p) in rows:
                    print(f"{style:<26} {phase:<22} {a:7.2f} {w:9.2f} {p:9.1f}")
            finally:
                app.stop()
    finally:
        xvfb.kill()
        xvfb.wait()


if __name__ == "__main__":
    main()
