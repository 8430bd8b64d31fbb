#!/usr/bin/env python3
"""Write the Lottie adapter's bundled refresh styles (Python 3, stdlib only).

Run `python3 make_styles.py`; it rewrites `orbit.json` and `bloom.json` next
to it, byte for byte the same on every run. Both are 200x100 px at 60 fps
with a transparent background, drawn for a white list background, and carry
all six markers of the adapter's contract plus a `refreshHost` object:

  orbit  A ring that draws itself as you pull (a dot leads the stroke);
         `armed` pulses it and folds the ring into a comet; `loop` spins the
         comet, its tail breathing, two moons orbiting the other way;
         `exit` shrinks and fades it; `success` closes the ring in green and
         fills it, a white check stroking in; `failure` does the same in
         red with an x and a small shake.
  bloom  Eight translucent petals around a colour wheel that unfold one by
         one with the pull; `armed` pops the flower; `loop` spins it while a
         wave of breathing runs round the petals; `exit` bursts the petals
         outwards; `success` bursts them and pops a green disc with a
         check; `failure` greys the petals and lets them droop.

Markers (frame tm, duration dr; 60 frames = 1 s):

         pull    armed    loop     exit      success   failure   op
  orbit  0+60    60+24    84+60    144+30    174+66    240+66    306
  bloom  0+60    60+24    84+90    174+30    204+66    270+66    336

Each segment is drawn by its own layers (in/out points = the marker), and
each one starts where the one before it normally leaves off: pull ends as
armed begins, armed ends on the loop's first frame, the loop's last frame
runs into its first, and exit, success and failure start from the loop's
first frame (so they follow a finished cycle seamlessly). Nothing is shown
at pull ratio 0. The keys are eased with bezier tangents (`EASES`); the
bloom's breathing wave uses tangents fitted to a cosine (`hermite`).
"""

import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FPS = 60
W, H = 200, 100
CX, CY = 100, 50
KAPPA = 0.5522847

# ------------------------------------------------------------------ basics

EASES = {
    "linear": (0.0, 0.0, 1.0, 1.0),
    "inout": (0.45, 0.0, 0.55, 1.0),     # sine-like in-out
    "out": (0.22, 1.0, 0.36, 1.0),       # quick start, soft landing
    "in": (0.55, 0.0, 0.78, 0.0),        # slow start, quick end
    "inquad": (0.11, 0.0, 0.5, 0.0),     # ends at twice the mean speed
    "outquad": (0.5, 1.0, 0.89, 1.0),    # starts at twice the mean speed
    "back": (0.34, 1.56, 0.64, 1.0),     # overshoots then settles
}


def r(x, nd=2):
    x = round(float(x), nd)
    return int(x) if x == int(x) else x


def rv(v, nd=2):
    if isinstance(v, dict):
        return {k: rv(x, nd) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [rv(x, nd) for x in v]
    return v if isinstance(v, bool) else r(v, nd)


def st(v):
    return {"a": 0, "k": rv(v)}


def prop(v):
    """A constant, or keys [(frame, value, ease), ...] (last ease unused)."""
    if isinstance(v, dict):
        return v
    if isinstance(v, list) and v and isinstance(v[0], tuple):
        if len(v) == 1:
            return st(v[0][1])
        kfs = []
        for n, key in enumerate(v):
            t, val = key[0], key[1]
            kf = {"t": r(t, 2), "s": rv(val if isinstance(val, (list, tuple)) else [val])}
            if n + 1 < len(v):
                ease = key[2] if len(key) > 2 else "inout"
                if ease == "hold":
                    kf["h"] = 1
                else:
                    x1, y1, x2, y2 = EASES[ease] if isinstance(ease, str) else ease
                    kf["o"] = {"x": [r(x1, 3)], "y": [r(y1, 3)]}
                    kf["i"] = {"x": [r(x2, 3)], "y": [r(y2, 3)]}
            kfs.append(kf)
        return {"a": 1, "k": kfs}
    return st(v)


def tr(p=(0, 0), a=(0, 0), s=100, rot=0, o=100):
    """Group transform; s may be a number (uniform %) or keys of numbers."""
    return {"ty": "tr", "p": prop(list(p) if isinstance(p, tuple) else p),
            "a": prop(list(a)), "s": prop(uniform(s)), "r": prop(rot), "o": prop(o)}


def uniform(s):
    if isinstance(s, list) and s and isinstance(s[0], tuple):
        return [(k[0], [k[1], k[1]]) + tuple(k[2:]) for k in s]
    return [s, s] if isinstance(s, (int, float)) else s


def ks(p=(CX, CY), s=100, rot=0, o=100):
    pp = list(p) + [0] if isinstance(p, tuple) else [(k[0], list(k[1]) + [0]) + tuple(k[2:]) for k in p]
    sc = uniform(s)
    sc = sc + [100] if isinstance(sc, list) and not isinstance(sc[0], tuple) else \
        [(k[0], list(k[1]) + [100]) + tuple(k[2:]) for k in sc]
    return {"o": prop(o), "r": prop(rot), "p": prop(pp), "a": st([0, 0, 0]), "s": prop(sc)}


def group(nm, items, **t):
    return {"ty": "gr", "nm": nm, "it": items + [tr(**t)]}


def circle_path(radius, nm="Circle"):
    """Closed circle starting at the top, clockwise on screen."""
    k = radius * KAPPA
    v = [[0, -radius], [radius, 0], [0, radius], [-radius, 0]]
    i = [[-k, 0], [0, -k], [k, 0], [0, k]]
    o = [[k, 0], [0, k], [-k, 0], [0, -k]]
    return {"ty": "sh", "nm": nm, "ks": st({"c": True, "v": v, "i": i, "o": o})}


def polyline(points, nm="Path"):
    n = len(points)
    return {"ty": "sh", "nm": nm, "ks": st({"c": False, "v": [list(p) for p in points],
                                           "i": [[0, 0]] * n, "o": [[0, 0]] * n})}


def ellipse(w, h, pos=(0, 0)):
    return {"ty": "el", "nm": "Ellipse", "d": 1, "s": st([w, h]), "p": st(list(pos))}


def fill(c, o=100):
    return {"ty": "fl", "nm": "Fill", "c": prop(c), "o": prop(o), "r": 1}


def stroke(c, w, o=100):
    return {"ty": "st", "nm": "Stroke", "c": prop(c), "o": prop(o), "w": prop(w), "lc": 2, "lj": 2, "ml": 4}


def trim(s=0, e=100, o=0):
    return {"ty": "tm", "nm": "Trim", "s": prop(s), "e": prop(e), "o": prop(o), "m": 1}


def hexc(h, a=1):
    h = h.lstrip("#")
    return [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)] + [a]


class Timeline:
    """Collects layers (top first) and markers."""

    def __init__(self):
        self.layers, self.markers, self.ind = [], [], 0

    def segment(self, name, start, dur):
        self.markers.append({"cm": name, "tm": start, "dr": dur})
        return start, start + dur

    def layer(self, nm, shapes, ip, op, **k):
        self.ind += 1
        self.layers.append({"ddd": 0, "ind": self.ind, "ty": 4, "nm": nm, "sr": 1, "ks": ks(**k), "ao": 0,
                            "shapes": shapes, "ip": ip, "op": op, "st": 0, "bm": 0})

    def doc(self, nm, host):
        op = max(m["tm"] + m["dr"] for m in self.markers)
        return {"v": "5.7.4", "fr": FPS, "ip": 0, "op": op, "w": W, "h": H, "nm": nm, "ddd": 0,
                "assets": [], "layers": self.layers, "markers": self.markers, "refreshHost": host}


def hermite(samples):
    """Keys [(t, v, ease)] for a smooth 1-D curve through (t, v, dv/dt)."""
    keys = []
    for (t0, v0, d0), (t1, v1, d1) in zip(samples, samples[1:]):
        dt, dv = t1 - t0, v1 - v0
        if abs(dv) < 1e-9:
            ease = (1 / 3, 0.0, 2 / 3, 1.0)
        else:
            ease = (1 / 3, d0 * dt / (3 * dv), 2 / 3, 1 - d1 * dt / (3 * dv))
        keys.append((t0, v0, ease))
    keys.append((samples[-1][0], samples[-1][1]))
    return keys


# ------------------------------------------------------------------ orbit

INDIGO = hexc("#4F46E5")
VIOLET = hexc("#8B5CF6")
TRACK = hexc("#E4E6F2")
GREEN = hexc("#22C55E")
RED = hexc("#EF4444")
WHITE = [1, 1, 1, 1]
RING = 20        # ring radius
ARC_W = 4.5      # ring stroke width
DISC = 23        # success / failure disc radius
MOON_R = 31      # moons' orbit radius
TAIL = 68        # comet: trim start while spinning (the arc is 100 - TAIL %)


def orbit():
    tl = Timeline()
    pull = tl.segment("pull", 0, 60)
    armed = tl.segment("armed", 60, 24)
    loop = tl.segment("loop", 84, 60)
    exit_ = tl.segment("exit", 144, 30)
    success = tl.segment("success", 174, 66)
    failure = tl.segment("failure", 240, 66)
    spin = 360 / (loop[1] - loop[0])      # degrees per frame in the loop
    moon_spin = -180 / (loop[1] - loop[0])  # the moons: half a turn back per cycle
    m0 = moon_spin * (armed[1] - armed[0]) / 2   # where armed leaves them, at full speed

    def spinner(seg, nm, arc_rot, arc_s, arc_e, head_rot, arc_c=INDIGO, head_o=100,
                track_o=100, planet_s=100, planet_o=100, until=None, **layer):
        items = [
            group("head", [ellipse(9, 9, (0, -RING)), fill(arc_c)], rot=head_rot, o=head_o),
            group("arc", [circle_path(RING), trim(arc_s, arc_e), stroke(arc_c, ARC_W)]),
        ]
        shapes = [
            group("planet", [ellipse(10, 10), fill(VIOLET)], s=planet_s, o=planet_o),
            group("comet", items, rot=arc_rot),
            group("track", [circle_path(RING), stroke(TRACK, ARC_W)], o=track_o),
        ]
        tl.layer(nm, shapes, seg[0], until or seg[1], **layer)

    def moons(seg, rot, s=100, o=100, **layer):
        dots = [group("moon %d" % n, [ellipse(5, 5, (0, -MOON_R)), fill(VIOLET, 80)], rot=a)
                for n, a in enumerate((0, 180))]
        tl.layer("moons", [group("moons", dots, rot=rot, s=s, o=o)], seg[0], seg[1], **layer)

    # pull: the ring draws itself clockwise, a dot leading the stroke, while
    # the whole thing winds in from -180 degrees and grows to full size.
    a, b = pull
    spinner(pull, "ring (pull)",
            arc_rot=[(a, -180, "linear"), (b, -60)],
            arc_s=0, arc_e=[(a, 0, "linear"), (b, 100)],
            head_rot=[(a, 0, "linear"), (b, 360)],
            planet_s=[(a, 0), (a + 24, 0, "back"), (b, 100)],
            s=[(a, 55, "out"), (b, 100)], o=[(a, 0, "linear"), (a + 12, 100)])

    # armed: a pulse and a halo; the full ring folds into a comet whose head
    # keeps going, reaching the loop's speed as the loop begins.
    a, b = armed
    spinner(armed, "ring (armed)",
            arc_rot=[(a, -60, "inquad"), (b, 0)],
            arc_s=[(a, 0, "inout"), (b, TAIL)], arc_e=100, head_rot=0,
            planet_s=[(a, 100, "out"), (a + 8, 130, "inout"), (b, 100)],
            s=[(a, 100, "out"), (a + 8, 114, "inout"), (b, 100)])
    tl.layer("halo", [group("halo", [circle_path(RING), stroke(INDIGO, [(a, 3, "out"), (b, 0.5)])],
                            s=[(a, 104, "out"), (b, 185)], o=[(a, 45, "out"), (b, 0)])], a, b)
    moons(armed, rot=[(a, 0, "inquad"), (b, m0)], s=[(a, 40, "back"), (b, 100)],
          o=[(a, 0, "linear"), (a + 10, 100)])

    # loop: the comet spins once per cycle, its tail stretching and
    # shrinking; the moons go round half a turn the other way.
    a, b = loop
    mid = (a + b) / 2
    spinner(loop, "ring (loop)",
            arc_rot=[(a, 0, "linear"), (b, 360)],
            arc_s=[(a, TAIL, "inout"), (mid, TAIL - 28, "inout"), (b, TAIL)], arc_e=100, head_rot=0,
            planet_s=[(a, 100, "inout"), (mid, 82, "inout"), (b, 100)])
    moons(loop, rot=[(a, m0, "linear"), (b, m0 - 180)])

    # exit: the comet slows down while everything shrinks and fades.
    a, b = exit_
    spinner(exit_, "ring (exit)",
            arc_rot=[(a, 0, "outquad"), (b, spin * (b - a) / 2)],
            arc_s=[(a, TAIL, "inout"), (b, TAIL + 10)], arc_e=100, head_rot=0,
            s=[(a, 100, "inout"), (a + 8, 107, "in"), (b, 0)], o=[(a, 100, "hold"), (a + 12, 100, "in"), (b, 0)])
    moons(exit_, rot=[(a, m0, "outquad"), (b, m0 + moon_spin * (b - a) / 2)],
          s=[(a, 100, "in"), (b - 6, 0)], o=[(a, 100, "in"), (b - 6, 0)])

    # success / failure: the comet brakes and closes into a full ring of the
    # result's colour, a disc of that colour pops out of it, then the mark
    # strokes in (failure also shakes).
    def ending(seg, colour, mark, shake):
        a, b = seg
        close = a + 20
        spinner(seg, "ring (%s)" % mark,
                arc_rot=[(a, 0, "outquad"), (close, spin * 20 / 2)],
                arc_s=[(a, TAIL, "inout"), (close, 0)], arc_e=100, head_rot=0,
                arc_c=[(a, INDIGO, "inout"), (a + 16, colour)],
                head_o=[(a, 100, "linear"), (close, 0)],
                planet_s=[(a, 100, "in"), (a + 12, 0)], planet_o=[(a, 100, "linear"), (a + 12, 0)],
                track_o=[(a, 100, "linear"), (close, 0)], until=close + 12)   # the disc covers it by then
        moons(seg, rot=[(a, m0, "outquad"), (a + 16, m0 + moon_spin * 16 / 2)],
              s=[(a, 100, "in"), (a + 16, 0)], o=[(a, 100, "linear"), (a + 16, 0)])
        pos = (CX, CY)
        if shake:
            t0 = a + 38
            xs = [0, -6, 6, -4.5, 3.5, -2, 0]
            pos = [(t0 + 4 * n, (CX + x, CY), "inout") for n, x in enumerate(xs)]
        disc = group("disc", [ellipse(2 * DISC, 2 * DISC), fill(colour)],
                     s=[(close - 4, 100 * RING / DISC, "back"), (close + 10, 100)],
                     o=[(close - 4, 0, "linear"), (close - 1, 100)])
        if mark == "check":
            strokes = [group("check", [polyline([(-9, 0.5), (-3, 6.5), (9.5, -6)]),
                                       trim(0, [(close + 6, 0, "out"), (close + 22, 100)]),
                                       stroke(WHITE, 4)])]
        else:
            strokes = [group("x1", [polyline([(-7, -7), (7, 7)]), trim(0, [(close + 6, 0, "out"), (close + 16, 100)]),
                                    stroke(WHITE, 4)]),
                       group("x2", [polyline([(7, -7), (-7, 7)]), trim(0, [(close + 12, 0, "out"), (close + 22, 100)]),
                                    stroke(WHITE, 4)])]
        tl.layer("mark (%s)" % mark, strokes, close, b, p=pos)
        tl.layer("disc (%s)" % mark, [disc], close - 4, b, p=pos)

    ending(success, GREEN, "check", False)
    ending(failure, RED, "x", True)

    return tl.doc("orbit", {"id": "com.refreshhost.orbit", "name": "Orbit", "version": "1.0.0", "vendor": "RefreshHost",
                            "description": "A ring drawn by the pull that folds into a spinning comet; "
                                           "ends with a green check or a red cross.",
                            "height": 100})


# ------------------------------------------------------------------ bloom

PETALS = 8
PETAL_W, PETAL_L = 12.5, 24   # petal ellipse width and length
PETAL_BASE = 3                # distance of the petal's inner end from the centre
PETAL_FILL = 80               # petal fill opacity: overlaps mix a little
# clockwise from the top: orange, yellow, green, teal, blue, indigo, purple, pink
PALETTE = ["#FF9F0A", "#FFCC00", "#34C759", "#30B0C7", "#0A84FF", "#5E5CE6", "#AF52DE", "#FF2D55"]
GREY = hexc("#A3A9B6")
BREATH_MID, BREATH_AMP = 88, 12   # loop: petal scale 88 +- 12 %


def petal_colour(k):
    return hexc(PALETTE[k])


def bloom():
    tl = Timeline()
    pull = tl.segment("pull", 0, 60)
    armed = tl.segment("armed", 60, 24)
    loop = tl.segment("loop", 84, 90)
    exit_ = tl.segment("exit", 174, 30)
    success = tl.segment("success", 204, 66)
    failure = tl.segment("failure", 270, 66)
    cycle = loop[1] - loop[0]
    spin = 360 / cycle
    base = (0, -PETAL_BASE)

    def flower(seg, nm, petal, rot=0, s=100, o=100, p=(CX, CY)):
        """petal(k) -> {angle, dist, scale, opacity, colour}: values or keys."""
        shapes = []
        for k in range(PETALS):
            q = petal(k)
            inner = group("petal", [ellipse(PETAL_W, PETAL_L, (0, -PETAL_L / 2)),
                                    fill(q.get("colour", petal_colour(k)), PETAL_FILL)],
                          p=q.get("dist", base), s=q.get("scale", 100), o=q.get("opacity", 100))
            shapes.append(group("petal %d" % k, [inner], rot=q.get("angle", k * 360 / PETALS)))
        tl.layer(nm, [group("flower", shapes, rot=rot, s=s, o=o)], seg[0], seg[1], p=p)

    # loop: the flower turns once per cycle while a wave of breathing runs
    # round the petals: scale(t) = MID + AMP cos(2 pi (t / cycle - k / 8)),
    # written as smooth keys through its peaks and troughs.
    def wave(k, a):
        w, ph = 2 * math.pi / cycle, k / PETALS
        ts = sorted({0, cycle} | {((ph + j / 2) % 1) * cycle for j in (0, 1)})
        samples = [(a + t, BREATH_MID + BREATH_AMP * math.cos(w * t - 2 * math.pi * ph),
                    -BREATH_AMP * w * math.sin(w * t - 2 * math.pi * ph)) for t in ts]
        keys = hermite(samples)
        lo = BREATH_MID - BREATH_AMP
        return {"scale": keys,
                "opacity": [(t, 72 + 28 * (v - lo) / (2 * BREATH_AMP)) + tuple(e) for t, v, *e in keys]}

    def breath(k):
        """The loop's first frame (== its last) for petal k: scale, opacity."""
        q = wave(k, 0)
        return q["scale"][0][1], q["opacity"][0][1]

    spin_in = spin * (armed[1] - armed[0]) / 2      # armed accelerates to the loop's speed
    turned = spin_in                                 # the loop starts (and ends) here

    # pull: petals unfold one after another, clockwise from the top, while
    # the flower turns into place.
    a, b = pull

    def unfold(k):
        t0 = a + 4 + k * 4.5
        return {"scale": [(t0, 0, "back"), (t0 + 18, 100)],
                "opacity": [(t0, 0, "linear"), (t0 + 6, 100)],
                "angle": [(t0, k * 45 - 40, "out"), (t0 + 22, k * 45)]}
    flower(pull, "flower (pull)", unfold, rot=[(a, -90, "out"), (b, 0)])

    # armed: the flower pops, its petals opening a little, then settles into
    # the loop's first frame, speeding up to the loop's spin.
    a, b = armed

    def pop(k):
        sc, op_ = breath(k)
        return {"dist": [(a, base, "out"), (a + 9, (0, -PETAL_BASE - 4), "inout"), (b, base)],
                "scale": [(a, 100, "out"), (a + 9, 104, "inout"), (b, sc)],
                "opacity": [(a, 100, "hold"), (a + 9, 100, "inout"), (b, op_)]}
    flower(armed, "flower (armed)", pop, rot=[(a, 0, "inquad"), (b, spin_in)],
           s=[(a, 100, "out"), (a + 9, 114, "inout"), (b, 100)])

    a, b = loop
    flower(loop, "flower (loop)", lambda k: wave(k, a), rot=[(a, turned, "linear"), (b, turned + 360)])

    # exit and success: the petals burst outwards, growing for a moment
    # then shrinking away, the flower slowing down.
    def burst(a, k, far, lag):
        sc, op_ = breath(k)
        t0 = a + (k % 2) * lag
        return {"dist": [(t0, base, "out"), (t0 + 24, (0, -PETAL_BASE - far))],
                "scale": [(a, sc, "out"), (t0 + 5, 108, "in"), (t0 + 24, 0)],
                "opacity": [(a, op_, "linear"), (t0 + 5, 100, "in"), (t0 + 24, 0)]}

    a, b = exit_
    flower(exit_, "flower (exit)", lambda k: burst(a, k, 15, 3),
           rot=[(a, turned, "outquad"), (b, turned + spin * (b - a) / 2)])

    a, b = success
    flower(success, "flower (success)", lambda k: burst(a, k, 16, 3),
           rot=[(a, turned, "outquad"), (a + 30, turned + spin * 30 / 2)])
    c0 = a + 8
    tl.layer("check", [group("check", [polyline([(-8, 0.5), (-2.5, 6), (8.5, -5.5)]),
                                       trim(0, [(c0 + 10, 0, "out"), (c0 + 26, 100)]), stroke(WHITE, 4)])],
             c0 + 10, b)
    tl.layer("disc", [group("disc", [ellipse(40, 40), fill(GREEN)],
                            s=[(c0, 0, "back"), (c0 + 18, 100)])], c0, b)

    # failure: the colours drain to grey, the flower stops turning and sags,
    # and every petal droops towards the ground.
    a, b = failure
    stop = turned + spin * 24 / 2

    def wilt(k):
        sc, op_ = breath(k)
        local = k * 360 / PETALS
        world = (local + stop + 180) % 360 - 180          # -180..180, 0 = up
        side = 1 if world >= 0 else -1
        droop = (180 * side - world) * 0.3                # a third of the way down
        t0 = a + 12 + (180 - abs(world)) / 180 * 10        # upper petals fall last
        return {"colour": [(a, petal_colour(k), "inout"), (a + 18, GREY)],
                "angle": [(t0, local, "out"), (t0 + 28, local + droop)],
                "scale": [(a, sc, "inout"), (a + 18, 96, "inout"), (t0 + 28, 84)],
                "opacity": [(a, op_, "inout"), (a + 18, 100, "inout"), (t0 + 28, 80)]}
    flower(failure, "flower (failure)", wilt, rot=[(a, turned, "outquad"), (a + 24, stop)],
           p=[(a + 10, (CX, CY), "inout"), (a + 40, (CX, CY + 5))])

    return tl.doc("bloom", {"id": "com.refreshhost.bloom", "name": "Bloom", "version": "1.0.0", "vendor": "RefreshHost",
                            "description": "Colour-wheel petals that unfold with the pull and breathe while "
                                           "loading; they burst on success and wilt grey on failure.",
                            "height": 100})


def main():
    for name, doc in (("orbit", orbit()), ("bloom", bloom())):
        with open(os.path.join(HERE, name + ".json"), "w", encoding="ascii", newline="\n") as fh:
            fh.write(json.dumps(doc, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
