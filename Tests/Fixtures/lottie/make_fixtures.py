#!/usr/bin/env python3
"""Regenerate the Lottie fixtures of RefreshHost's Lottie adapter (Plugins/Lottie).

Run `python3 make_fixtures.py` (Python 3, standard library only); it rewrites
every `*.json` next to it, byte for byte the same on every run. See README.md.

Good files (the adapter must load them):
  frames.json     100x100, 30 fps, frames 0..120. One opaque full-canvas
                  rectangle whose fill is (f/120, 0, 1): red ramps linearly,
                  so the red channel of any pixel tells which frame is shown
                  (red = round(255 * f / 120)). Markers: pull 0+20,
                  armed 20+10, loop 30+30, exit 60+20, success 80+20,
                  failure 100+20. refreshHost id "test.frames".
  nomarkers.json  the same ramp with no markers and no refreshHost object:
                  the whole animation loops, the pull scrubs frames 0..60,
                  the id comes from the file name.
  features.json   200x100, 30 fps, frames 0..60, markers pull 0+20,
                  loop 20+20, exit 40+20: rect, rounded rect, ellipse, star,
                  polygon, bezier path, solid fills, round-capped strokes,
                  animated trim path, linear and radial gradient fills,
                  a gradient stroke, a mask, a precomposition, an embedded
                  (data: URI) PNG image, a parented null layer, animated
                  opacity, rotation, position and scale. For pixel tests
                  against rlottie's own rendering; its image makes the
                  adapter draw it as rlottie's pixels.
  shapes.json     features.json without the image and the gradient stroke
                  (the adapter draws it as shapes on the host's layers),
                  plus a dashed stroke and a precomp of two layers fading
                  100 -> 40 %. refreshHost id "test.shapes".
  shapes_pixels.json  shapes.json with refreshHost.drawing "pixels" (id
                  "test.shapes-pixels"): the same frames as rlottie's pixels.
  hang.json       passes every check, but its one stroke is dashed 1 on,
                  1 off around an ellipse 10,000,000 wide: rlottie's dasher
                  makes 15 million dashes and takes minutes for a frame. The
                  worker's per-call budget must end it (id "test.hang").
  far.json        hang.json without the dash: quick to draw, but its path
                  reaches past the host's coordinates (+-1e6), so it is
                  drawn as rlottie's pixels (id "test.far").
  late.json       800 repeated squares (about 5,000 path elements a frame,
                  so setup reads only the first 40-odd frames' trees) and
                  an image from frame 50: drawn as shapes until the image
                  shows, then as rlottie's pixels (id "test.late").
  many.json       one dot repeated 5000 times (a repeater): more shapes than
                  the host gives an instance layers, so it is drawn as
                  rlottie's pixels (id "test.many").
  matte.json      100x100: a 100x20 green bar at the centre under an alpha
                  track matte, a white circle of diameter 60 (the layer
                  above). Drawn as shapes, the bar shows inside the circle
                  only; rlottie 0.1's own renderer draws nothing for it.

Files with features the adapter does not draw (they load, and say what is
not drawn, with the layer and its frames):
  undrawn.json    a text layer, a Tint effect, Round Corners, a Multiply
                  blend mode and a 3D layer beside the square (id
                  "test.undrawn"): features no helper draws yet.
  blur_merge.json a layer under an animated Gaussian Blur and a Drop
                  Shadow, and a group of two rectangles under Merge Paths
                  (Subtract) (id "test.blur-merge"): loads and renders
                  whether or not the host draws these.
  text_layer.json, expression.json, three_d.json (below) load too.

Bad files (the adapter must refuse each with one line naming the file).
Each is the same minimal, complete animation (`base()`: 100x100, 30 fps,
frames 0..60, one shape layer, markers pull 0+20, loop 20+20, exit 40+20)
with exactly one rule broken:
  broken.json           JSON syntax error: the colon after "op" is missing
                        (line 5, see BROKEN_LINE / BROKEN_COLUMN below)
  not_lottie.json       a valid JSON object with none of v/fr/ip/op/w/h/layers
  marker_outside.json   "loop" runs 20..70, past op 60
  marker_zero.json      "exit" has dr 0
  marker_unnamed.json   an extra marker whose cm is ""
  marker_duplicate.json two markers named "loop"
  other_markers.json    markers present, but only "Idle", "Pull", "Loading"
  text_layer.json       an extra text layer (ty 5)
  expression.json       the layer's rotation carries an expression ("x")
  three_d.json          the layer is 3D ("ddd": 1 on the layer)
  external_image.json   an image asset read from images/img_0.png (+ its layer)
  huge_size.json        w 100000
  bad_framerate.json    fr 0
  deep.json             an extra key on the layer holding arrays nested
                        10000 deep (otherwise well-formed JSON)
  huge_numbers.json     fr 1e999 (overflows a double)
  bad_drawing.json      refreshHost.drawing is "vector" (it is "shapes" or "pixels")
"""

import base64
import json
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

# broken.json: where the syntax error is (1-based line and column of the
# token after "op", the place a parser notices the missing ':').
BROKEN_LINE = 5
BROKEN_COLUMN = 7
DEEP_LEVELS = 10000


# ---------------------------------------------------------------- helpers

def r(x, nd=4):
    """Round a number for compact output; integral values become ints."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return x
    x = round(float(x), nd)
    return int(x) if x == int(x) else x


def rv(v, nd=4):
    return [r(x, nd) for x in v] if isinstance(v, (list, tuple)) else r(v, nd)


def st(v):
    """A static property."""
    return {"a": 0, "k": rv(v)}


LINEAR = ({"x": [0], "y": [0]}, {"x": [1], "y": [1]})      # out, in
EASE = ({"x": [0.42], "y": [0]}, {"x": [0.58], "y": [1]})


def an(keys, ease=EASE, nd=4):
    """An animated property from [(frame, value), ...] (last key holds)."""
    kfs = []
    for n, (t, v) in enumerate(keys):
        v = v if isinstance(v, (list, tuple)) else [v]
        kf = {"t": r(t), "s": rv(v, nd)}
        if n + 1 < len(keys):
            kf["o"], kf["i"] = ease
        kfs.append(kf)
    return {"a": 1, "k": kfs}


def ks(p=(0, 0), a=(0, 0), s=(100, 100), rot=0, o=100):
    """Layer transform; pass ready property dicts to animate."""
    def prop(v, z=0):
        return v if isinstance(v, dict) else st(list(v) + [z] if isinstance(v, tuple) and len(v) == 2 else v)
    return {"o": prop(o), "r": prop(rot), "p": prop(p), "a": prop(a), "s": prop(s, 100)}


def gtr(p=(0, 0), a=(0, 0), s=(100, 100), rot=0, o=100):
    def prop(v):
        return v if isinstance(v, dict) else st(list(v) if isinstance(v, tuple) else v)
    return {"ty": "tr", "p": prop(p), "a": prop(a), "s": prop(s), "r": prop(rot),
            "o": prop(o), "sk": st(0), "sa": st(0), "nm": "Transform"}


def group(nm, items, **tr):
    return {"ty": "gr", "nm": nm, "it": items + [gtr(**tr)]}


def rect(size, pos=(0, 0), radius=0):
    return {"ty": "rc", "nm": "Rect", "d": 1, "s": st(list(size)), "p": st(list(pos)), "r": st(radius)}


def ellipse(size, pos=(0, 0)):
    return {"ty": "el", "nm": "Ellipse", "d": 1, "s": st(list(size)), "p": st(list(pos))}


def fill(color, o=100):
    c = color if isinstance(color, dict) else st(list(color))
    return {"ty": "fl", "nm": "Fill", "c": c, "o": o if isinstance(o, dict) else st(o), "r": 1}


def stroke(color, width, o=100, cap=2, join=2):
    return {"ty": "st", "nm": "Stroke", "c": st(list(color)), "o": st(o), "w": st(width),
            "lc": cap, "lj": join, "ml": 4}


def grad_stops(stops):
    """[(offset, (r, g, b)), ...] -> Lottie's flat colour-stop list."""
    out = []
    for off, (cr, cg, cb) in stops:
        out += [off, cr, cg, cb]
    return out


def gfill(kind, stops, start, end):
    return {"ty": "gf", "nm": "Gradient Fill", "o": st(100), "r": 1, "t": kind,
            "s": st(list(start)), "e": st(list(end)), "h": st(0), "a": st(0),
            "g": {"p": len(stops), "k": st(grad_stops(stops))}}


def gstroke(stops, start, end, width):
    return {"ty": "gs", "nm": "Gradient Stroke", "o": st(100), "w": st(width), "t": 1,
            "s": st(list(start)), "e": st(list(end)), "lc": 2, "lj": 2, "ml": 4,
            "g": {"p": len(stops), "k": st(grad_stops(stops))}}


def path(points, closed=False, nm="Path"):
    """A straight-segment path through points."""
    n = len(points)
    return {"ty": "sh", "nm": nm, "d": 1, "ks": st({"c": closed, "v": [rv(p) for p in points],
                                                     "i": [[0, 0]] * n, "o": [[0, 0]] * n})}


def shape_layer(ind, nm, shapes, ip, op, transform=None, **extra):
    layer = {"ddd": 0, "ind": ind, "ty": 4, "nm": nm, "sr": 1, "ks": transform or ks(), "ao": 0,
             "shapes": shapes, "ip": ip, "op": op, "st": 0, "bm": 0}
    layer.update(extra)
    return layer


def animation(nm, w, h, fr, op, layers, markers=None, host=None, assets=None, ip=0, extra=None):
    doc = {"v": "5.7.4", "fr": fr, "ip": ip, "op": op, "w": w, "h": h, "nm": nm, "ddd": 0,
           "assets": assets or [], "layers": layers}
    if extra:
        doc.update(extra)
    if markers is not None:
        doc["markers"] = [{"cm": n, "tm": t, "dr": d} for n, t, d in markers]
    if host is not None:
        doc["refreshHost"] = host
    return doc


def dumps(doc):
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=True) + "\n"


def write(name, text):
    with open(os.path.join(HERE, name), "w", encoding="ascii", newline="\n") as fh:
        fh.write(text)


# ---------------------------------------------------------------- good files

def ramp_layer(op):
    """Full-canvas opaque rect, fill (f/op, 0, 1), linear keys every 10 frames."""
    keys = [(t, [t / op, 0, 1, 1]) for t in range(0, op + 1, 10)]
    return shape_layer(1, "ramp", [group("ramp", [rect((100, 100), (50, 50)),
                                                  fill(an(keys, LINEAR, nd=5))])], 0, op)


def frames_json():
    markers = [("pull", 0, 20), ("armed", 20, 10), ("loop", 30, 30), ("exit", 60, 20),
               ("success", 80, 20), ("failure", 100, 20)]
    return animation("frames", 100, 100, 30, 120, [ramp_layer(120)], markers,
                     host={"id": "test.frames", "name": "Frames"})


def nomarkers_json():
    return animation("nomarkers", 100, 100, 30, 120, [ramp_layer(120)])


def tiny_png():
    """An 8x8 RGBA PNG: a 2x2-cell checkerboard of teal and amber."""
    rows = b""
    for y in range(8):
        row = b"\x00"
        for x in range(8):
            row += bytes((0, 150, 136, 255)) if ((x // 4) ^ (y // 4)) else bytes((255, 179, 0, 255))
        rows += row

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 6, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def features_json():
    op = 60
    spin = an([(0, 0), (op, 360)], LINEAR)
    layers = []

    # 1. a round-capped zigzag path whose end is trimmed 0 -> 100 % and back.
    zig = [(128, 52), (136, 28), (144, 52), (152, 28)]
    layers.append(shape_layer(1, "trim path", [group("zigzag", [
        path(zig), stroke((0.1, 0.1, 0.2), 4),
        {"ty": "tm", "nm": "Trim", "s": st(0), "e": an([(0, 0), (30, 100), (60, 0)]), "o": st(0), "m": 1},
    ])], 0, op))

    # 2. rounded rect with solid fill, rotating.
    layers.append(shape_layer(2, "rotating rect", [group("rect", [
        rect((26, 26), radius=5), fill((0.9, 0.2, 0.25)), stroke((0.4, 0.05, 0.1), 2)])],
        0, op, ks(p=(20, 40), rot=spin)))

    # 3. ellipse with a radial gradient, opacity animated 100 -> 30 -> 100.
    layers.append(shape_layer(3, "radial ellipse", [group("ellipse", [
        ellipse((32, 32)),
        gfill(2, [(0, (1, 0.95, 0.4)), (0.5, (1, 0.5, 0.1)), (1, (0.6, 0.1, 0.5))], (-4, -4), (16, 0))])],
        0, op, ks(p=(60, 40), o=an([(0, 100), (30, 30), (60, 100)]))))

    # 4. five-point star (polystar sy 1) with fill + round stroke, counter-rotating.
    star = {"ty": "sr", "nm": "Star", "sy": 1, "d": 1, "pt": st(5), "p": st([0, 0]), "r": st(0),
            "ir": st(7), "is": st(0), "or": st(16), "os": st(0)}
    layers.append(shape_layer(4, "star", [group("star", [
        star, fill((1, 0.8, 0.1)), stroke((0.55, 0.35, 0), 2)])],
        0, op, ks(p=(100, 40), rot=an([(0, 0), (op, -144)], LINEAR))))

    # 5. precomposition: asset with two layers, shown through an ellipse mask
    #    on the precomp layer, scale pulsing.
    poly = {"ty": "sr", "nm": "Polygon", "sy": 2, "d": 1, "pt": st(6), "p": st([0, 0]), "r": st(0),
            "or": st(18), "os": st(0)}
    pre_layers = [
        shape_layer(1, "dot", [group("dot", [ellipse((10, 10)), fill((1, 1, 1))])],
                    0, op, ks(p=an([(0, (14, 20)), (30, (26, 20)), (60, (14, 20))]))),
        shape_layer(2, "hexagon", [group("hex", [poly, fill((0.2, 0.45, 0.95))])],
                    0, op, ks(p=(20, 20), rot=spin)),
    ]
    mask = {"inv": False, "mode": "a", "nm": "Mask", "o": st(100), "x": st(0),
            "pt": st({"c": True, "v": [[20, 4], [36, 20], [20, 36], [4, 20]],
                      "i": [[-8.84, 0], [0, -8.84], [8.84, 0], [0, 8.84]],
                      "o": [[8.84, 0], [0, 8.84], [-8.84, 0], [0, -8.84]]})}
    layers.append({"ddd": 0, "ind": 5, "ty": 0, "nm": "precomp", "refId": "comp_0", "sr": 1,
                   "ks": ks(p=(180, 40), a=(20, 20), s=an([(0, (100, 100)), (30, (80, 80)), (60, (100, 100))])),
                   "ao": 0, "hasMask": True, "masksProperties": [mask],
                   "w": 40, "h": 40, "ip": 0, "op": op, "st": 0, "bm": 0})

    # 6. a null layer parenting the bottom bar, sliding it sideways.
    layers.append({"ddd": 0, "ind": 6, "ty": 3, "nm": "null", "sr": 1,
                   "ks": ks(p=an([(0, (0, 0)), (30, (6, 0)), (60, (0, 0))])), "ao": 0,
                   "ip": 0, "op": op, "st": 0, "bm": 0})

    # 7. bottom bar: linear gradient fill with a gradient stroke, parented.
    layers.append(shape_layer(7, "gradient bar", [
        group("stroke", [path([(20, 90), (180, 90)]),
                         gstroke([(0, (0.1, 0.6, 0.9)), (1, (0.9, 0.1, 0.6))], (20, 90), (180, 90), 3)]),
        group("bar", [rect((180, 14), (100, 77), radius=7),
                      gfill(1, [(0, (1, 0.55, 0)), (0.5, (0.95, 0.25, 0.45)), (1, (0.45, 0.2, 0.9))],
                            (10, 77), (190, 77))]),
    ], 0, op, parent=6))

    # 8. embedded PNG (data: URI asset), top-left corner.
    layers.append({"ddd": 0, "ind": 8, "ty": 2, "nm": "image", "refId": "image_0", "sr": 1,
                   "ks": ks(p=(2, 2), s=(200, 200)), "ao": 0, "ip": 0, "op": op, "st": 0, "bm": 0})

    assets = [{"id": "comp_0", "layers": pre_layers},
              {"id": "image_0", "w": 8, "h": 8, "u": "", "p": tiny_png(), "e": 1}]
    return animation("features", 200, 100, 30, op, layers,
                     [("pull", 0, 20), ("loop", 20, 20), ("exit", 40, 20)],
                     host={"id": "test.features", "name": "Features"}, assets=assets)


def shapes_json(host):
    """features.json with only what rlottie's render tree carries."""
    doc = features_json()
    op = doc["op"]
    layers = [l for l in doc["layers"] if l["nm"] not in ("image", "gradient bar")]
    # The bar again, with a dashed solid stroke instead of the gradient stroke.
    dashed = stroke((0.1, 0.6, 0.9), 3)
    dashed["d"] = [{"n": "d", "nm": "dash", "v": st(9)}, {"n": "g", "nm": "gap", "v": st(5)},
                   {"n": "o", "nm": "offset", "v": an([(0, 0), (op, 28)], LINEAR)}]
    layers.append(shape_layer(7, "dashed bar", [
        group("stroke", [path([(20, 90), (180, 90)]), dashed]),
        group("bar", [rect((180, 14), (100, 77), radius=7),
                      gfill(1, [(0, (1, 0.55, 0)), (0.5, (0.95, 0.25, 0.45)), (1, (0.45, 0.2, 0.9))],
                            (10, 77), (190, 77))]),
    ], 0, op, parent=6))
    # The precomp (two layers) fades: rlottie gives it its own alpha.
    for l in layers:
        if l["nm"] == "precomp":
            l["ks"]["o"] = an([(0, 100), (30, 40), (60, 100)])
    doc["layers"] = layers
    doc["assets"] = [a for a in doc["assets"] if a["id"] != "image_0"]
    doc["nm"] = "shapes"
    doc["refreshHost"] = host
    return doc


def matte_json():
    """An alpha track matte: a green bar seen through a white circle (the
    matte source is the layer right above its target)."""
    op = 60
    layers = [
        shape_layer(1, "matte circle", [group("circle", [ellipse((60, 60)), fill((1, 1, 1))])],
                    0, op, ks(p=(50, 50)), td=1),
        shape_layer(2, "matted bar", [group("bar", [rect((100, 20)), fill((0.1, 0.7, 0.4))])],
                    0, op, ks(p=(50, 50)), tt=1),
    ]
    return animation("matte", 100, 100, 30, op, layers, host={"id": "test.matte", "name": "Matte"})


def hang_json(dashed=True, name="hang"):
    ring = stroke((0.2, 0.2, 0.8), 2)
    if dashed:
        ring["d"] = [{"n": "d", "nm": "dash", "v": st(1)}, {"n": "g", "nm": "gap", "v": st(1)},
                     {"n": "o", "nm": "offset", "v": st(0)}]
    layer = shape_layer(1, "dust", [group("ring", [ellipse((1e7, 1e7)), ring])], 0, 60, ks(p=(50, 50)))
    return animation(name, 100, 100, 30, 60, [layer], host={"id": "test." + name, "name": name.title()})


def late_json():
    """Heavy to read (800 repeated squares, about 5,000 path elements a
    frame), so setup reads only its first 40-odd frames' trees; an image
    joins at frame 50, after them."""
    repeater = {"ty": "rp", "nm": "Repeater", "c": st(800), "o": st(0), "m": 1,
                "tr": {"ty": "tr", "p": st([0.1, 0.1]), "a": st([0, 0]), "s": st([100, 100]), "r": st(0.45),
                       "so": st(100), "eo": st(60), "nm": "Transform"}}
    squares = shape_layer(2, "squares", [group("square", [rect((3, 3), (12, 0)), fill((0.2, 0.5, 0.9))]), repeater],
                          0, 120, ks(p=(50, 50), rot=an([(0, 0), (120, 90)], LINEAR)))
    image = {"ddd": 0, "ind": 1, "ty": 2, "nm": "image", "refId": "image_0", "sr": 1,
             "ks": ks(p=(2, 2), s=(300, 300)), "ao": 0, "ip": 50, "op": 120, "st": 0, "bm": 0}
    assets = [{"id": "image_0", "w": 8, "h": 8, "u": "", "p": tiny_png(), "e": 1}]
    return animation("late", 100, 100, 30, 120, [image, squares], host={"id": "test.late", "name": "Late"},
                     assets=assets)


def many_json():
    """One dot repeated 5000 times: more shapes than the host gives one instance layers."""
    repeater = {"ty": "rp", "nm": "Repeater", "c": st(5000), "o": st(0), "m": 1,
                "tr": {"ty": "tr", "p": st([0.02, 0.01]), "a": st([0, 0]), "s": st([100, 100]), "r": st(0.07),
                       "so": st(100), "eo": st(100), "nm": "Transform"}}
    layer = shape_layer(1, "dots", [group("dot", [ellipse((2, 2), (10, 0)), fill((0.9, 0.3, 0.2))]), repeater],
                        0, 60, ks(p=(50, 50)))
    return animation("many", 100, 100, 30, 60, [layer], host={"id": "test.many", "name": "Many"})


# ---------------------------------------------------------------- bad files

BASE_MARKERS = [("pull", 0, 20), ("loop", 20, 20), ("exit", 40, 20)]


def base_layer(**extra):
    return shape_layer(1, "square", [group("square", [rect((40, 40), (50, 50)), fill((0.2, 0.4, 0.9))])],
                       0, 60, ks(rot=extra.pop("rot", 0)), **extra)


def base(name, markers=BASE_MARKERS, layers=None, assets=None, **top):
    doc = animation(name, 100, 100, 30, 60, layers or [base_layer()], markers, assets=assets)
    doc.update(top)
    return doc


def broken_text():
    lines = ['{', ' "v": "5.7.4",', ' "fr": 30,', ' "ip": 0,', ' "op" 60,']
    assert lines[BROKEN_LINE - 1].index("60") + 1 == BROKEN_COLUMN
    rest = json.dumps(base("broken"), indent=1).split("\n")
    rest = [ln for ln in rest[1:] if not ln.startswith((' "v":', ' "fr":', ' "ip":', ' "op":'))]
    return "\n".join(lines + rest) + "\n"


def text_layer():
    return {"ddd": 0, "ind": 2, "ty": 5, "nm": "label", "sr": 1, "ks": ks(p=(50, 80)), "ao": 0,
            "t": {"d": {"k": [{"s": {"s": 14, "f": "Arial", "t": "Hi", "j": 2, "tr": 0, "lh": 16.8,
                                     "ls": 0, "fc": [0, 0, 0]}, "t": 0}]},
                  "p": {}, "m": {"g": 1, "a": st([0, 0])}, "a": []},
            "ip": 0, "op": 60, "st": 0, "bm": 0}


def bad_files():
    out = {}
    out["broken.json"] = broken_text()
    out["not_lottie.json"] = dumps({"name": "not a Lottie file", "version": 1,
                                    "frames": [{"t": 0, "color": "#ff0000"}]})
    out["marker_outside.json"] = dumps(base("marker_outside", [("pull", 0, 20), ("loop", 20, 50), ("exit", 40, 20)]))
    out["marker_zero.json"] = dumps(base("marker_zero", [("pull", 0, 20), ("loop", 20, 20), ("exit", 40, 0)]))
    out["marker_unnamed.json"] = dumps(base("marker_unnamed", BASE_MARKERS + [("", 10, 10)]))
    out["marker_duplicate.json"] = dumps(base("marker_duplicate", BASE_MARKERS + [("loop", 30, 20)]))
    out["other_markers.json"] = dumps(base("other_markers", [("Idle", 0, 20), ("Pull", 20, 20), ("Loading", 40, 20)]))
    out["text_layer.json"] = dumps(base("text_layer", layers=[text_layer(), base_layer()],
                                        fonts={"list": [{"fName": "Arial", "fFamily": "Arial",
                                                         "fStyle": "Regular", "ascent": 75}]}))
    expr = {"a": 0, "k": 0, "x": "var $bm_rt;\n$bm_rt = time * 90;"}
    out["expression.json"] = dumps(base("expression", layers=[base_layer(rot=expr)]))
    out["three_d.json"] = dumps(base("three_d", layers=[base_layer(ddd=1)]))
    img_layer = {"ddd": 0, "ind": 2, "ty": 2, "nm": "picture", "refId": "image_0", "sr": 1,
                 "ks": ks(p=(10, 10)), "ao": 0, "ip": 0, "op": 60, "st": 0, "bm": 0}
    out["external_image.json"] = dumps(base("external_image", layers=[img_layer, base_layer()],
                                            assets=[{"id": "image_0", "w": 32, "h": 32, "u": "images/",
                                                     "p": "img_0.png", "e": 0}]))
    out["huge_size.json"] = dumps(base("huge_size", w=100000))
    out["bad_framerate.json"] = dumps(base("bad_framerate", fr=0))
    deep = dumps(base("deep", layers=[base_layer(nest="@DEEP@")]))
    out["deep.json"] = deep.replace('"@DEEP@"', "[" * DEEP_LEVELS + "0" + "]" * DEEP_LEVELS)
    huge = dumps(base("huge_numbers", fr="@FR@"))
    out["huge_numbers.json"] = huge.replace('"@FR@"', "1e999")
    out["bad_drawing.json"] = dumps(base("bad_drawing", refreshHost={"drawing": "vector"}))
    return out


# ---------------------------------------------- features that are not drawn

def effect(ty, nm, mn, values):
    """A layer effect: `values` are (name, value or keyframes) of its controls (slider ty 0, colour 2, point 3)."""
    controls = []
    for i, (cnm, kind, v) in enumerate(values):
        controls.append({"ty": kind, "nm": cnm, "mn": "%s-%04d" % (mn, i + 1), "ix": i + 1, "v": v})
    return {"ty": ty, "nm": nm, "np": len(values) + 2, "mn": mn, "ix": 1, "en": 1, "ef": controls}


def undrawn_json():
    tinted = base_layer()
    tinted["ind"] = 3
    tinted["nm"] = "tinted"
    tinted["ef"] = [effect(20, "Tint", "ADBE Tint", [("Map Black To", 2, st([0, 0, 0, 1])),
                                                     ("Map White To", 2, st([1, 0, 0, 1])),
                                                     ("Amount to Tint", 0, st(100))])]
    rounded = shape_layer(4, "rounded", [group("box", [rect((30, 30), (20, 20)),
                                                       {"ty": "rd", "nm": "Round Corners 1", "r": st(8)},
                                                       fill((0.9, 0.5, 0.1))])], 10, 50, ks())
    shaded = base_layer(bm=1)
    shaded["ind"] = 5
    shaded["nm"] = "shaded"
    deep = base_layer(ddd=1)
    deep["ind"] = 6
    deep["nm"] = "deep"
    return base("undrawn", layers=[text_layer(), tinted, rounded, shaded, deep],
                fonts={"list": [{"fName": "Arial", "fFamily": "Arial", "fStyle": "Regular", "ascent": 75}]},
                refreshHost={"id": "test.undrawn", "name": "Undrawn"})


def blur_merge_json():
    blurred = base_layer()
    blurred["nm"] = "blurred"
    blurred["ef"] = [
        effect(29, "Gaussian Blur", "ADBE Gaussian Blur 2", [("Blurriness", 0, an([(0, 0), (30, 20), (60, 0)])),
                                                              ("Blur Dimensions", 7, st(1)),
                                                              ("Repeat Edge Pixels", 7, st(0))]),
        effect(25, "Drop Shadow", "ADBE Drop Shadow", [("Shadow Color", 2, st([0, 0, 0, 1])), ("Opacity", 0, st(128)),
                                                       ("Direction", 0, st(135)), ("Distance", 0, st(5)),
                                                       ("Softness", 0, st(4))]),
    ]
    merged = shape_layer(2, "merged", [group("ring", [rect((60, 60), (50, 50)), rect((30, 30), (50, 50)),
                                                      {"ty": "mm", "nm": "Merge Paths 1", "mm": 3},
                                                      fill((0.1, 0.7, 0.3))])], 0, 60, ks())
    return base("blur_merge", layers=[blurred, merged], refreshHost={"id": "test.blur-merge", "name": "Blur and merge"})


def main():
    write("frames.json", dumps(frames_json()))
    write("nomarkers.json", dumps(nomarkers_json()))
    write("features.json", dumps(features_json()))
    write("shapes.json", dumps(shapes_json({"id": "test.shapes", "name": "Shapes"})))
    write("matte.json", dumps(matte_json()))
    write("hang.json", dumps(hang_json()))
    write("many.json", dumps(many_json()))
    write("late.json", dumps(late_json()))
    write("far.json", dumps(hang_json(dashed=False, name="far")))
    write("shapes_pixels.json", dumps(shapes_json({"id": "test.shapes-pixels", "name": "Shapes as pixels",
                                                   "drawing": "pixels"})))
    write("undrawn.json", dumps(undrawn_json()))
    write("blur_merge.json", dumps(blur_merge_json()))
    for name, text in bad_files().items():
        write(name, text)


if __name__ == "__main__":
    main()
