#!/usr/bin/env python3
"""Draws the Early Bird frames (Python 3 standard library only).

    python3 Plugins/FrameSequence/styles/early-bird/make.py

A little pixel-art bluebird asleep on a twig. Pulling wakes it (the z's fade,
an eye opens, it sits up and spreads its wings); when the pull arms it hops;
while refreshing it flaps above the twig; when the refresh ends it flies off and
leaves a feather drifting down; on failure it flops back onto the twig under a small
rain cloud.

The art is drawn on a 40 x 28 grid (one art pixel is 2 points) and written
at @2x, 4 device pixels per art pixel, as palette PNGs: 160 x 112 pixels a
frame, so at scale 2 the picture is 80 x 56 points and the header 56 points
tall. Shapes are filled by pixel centre and the bird and the twig get a
one-pixel outline, which is what makes it read as pixel art at any size.
The output is the same on every run.
"""

import math
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 40, 28  # art pixels
PIXEL = 4  # device pixels per art pixel (@2x, 2 points each)

OUTLINE = (0x1D, 0x2B, 0x53)
BODY = (0x3D, 0x9B, 0xE9)
BODY_SHADE = (0x27, 0x74, 0xC4)
BODY_LIGHT = (0xA8, 0xE0, 0xFF)
BELLY = (0xFF, 0xF1, 0xE8)
WING = (0x25, 0x6D, 0xBE)
WING_EDGE = (0x16, 0x3F, 0x7A)
WING_TIP = (0x1E, 0x55, 0x9C)
BEAK = (0xFF, 0xA3, 0x00)
BEAK_SHADE = (0xE2, 0x7D, 0x00)
EYE = (0x1D, 0x2B, 0x53)
WHITE = (0xFF, 0xFF, 0xFF)
BLUSH = (0xFF, 0x77, 0xA8)
TWIG = (0x8B, 0x5A, 0x2B)
TWIG_LIGHT = (0xB0, 0x7A, 0x45)
TWIG_OUTLINE = (0x3B, 0x24, 0x16)
LEAF = (0x00, 0xB5, 0x43)
LEAF_SHADE = (0x00, 0x87, 0x51)
ZZZ = (0x83, 0x76, 0x9C)
ALERT = (0xFF, 0x00, 0x4D)
CLOUD = (0xC2, 0xC3, 0xC7)
CLOUD_SHADE = (0x83, 0x76, 0x9C)
RAIN = (0x29, 0xAD, 0xFF)


class Layer:
    def __init__(self):
        self.px = [[None] * W for _ in range(H)]

    def put(self, x, y, c):
        x, y = int(round(x)), int(round(y))
        if 0 <= x < W and 0 <= y < H:
            self.px[y][x] = c

    def ellipse(self, cx, cy, rx, ry, c, angle=0.0, clip=None):
        """Fills the pixels whose centres lie in the (rotated) ellipse."""
        ca, sa = math.cos(angle), math.sin(angle)
        r = max(rx, ry) + 1
        for y in range(int(cy - r) - 1, int(cy + r) + 2):
            for x in range(int(cx - r) - 1, int(cx + r) + 2):
                dx, dy = x + 0.5 - cx, y + 0.5 - cy
                u, v = dx * ca + dy * sa, -dx * sa + dy * ca
                if (u / rx) ** 2 + (v / ry) ** 2 <= 1.0 and 0 <= x < W and 0 <= y < H:
                    if clip is None or clip.px[y][x] is not None:
                        self.px[y][x] = c

    def rect(self, x0, y0, w, h, c):
        for y in range(y0, y0 + h):
            for x in range(x0, x0 + w):
                self.put(x, y, c)

    def pattern(self, x0, y0, rows, colours):
        """rows: strings; each character names a colour in `colours`, '.' is empty."""
        for j, row in enumerate(rows):
            for i, ch in enumerate(row):
                if ch != ".":
                    self.put(x0 + i, y0 + j, colours[ch])

    def outlined(self, colour):
        """A copy with every empty pixel next to (4-neighbour) a filled one in `colour`."""
        out = Layer()
        for y in range(H):
            for x in range(W):
                out.px[y][x] = self.px[y][x]
                if self.px[y][x] is None:
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                        nx, ny = x + dx, y + dy
                        if 0 <= nx < W and 0 <= ny < H and self.px[ny][nx] is not None:
                            out.px[y][x] = colour
                            break
        return out

    def over(self, top):
        for y in range(H):
            for x in range(W):
                if top.px[y][x] is not None:
                    self.px[y][x] = top.px[y][x]
        return self


# ---------------------------------------------------------------- the pieces


def twig():
    t = Layer()
    for x in range(2, 38):
        # A slight sag in the middle.
        y = 24 + (1 if 12 <= x <= 27 else 0)
        t.put(x, y, TWIG_LIGHT)
        t.put(x, y + 1, TWIG)
    # A sprig at each end.
    t.ellipse(5.0, 22.0, 2.6, 1.2, LEAF, angle=-0.6)
    t.put(5, 22, LEAF_SHADE)
    t.ellipse(34.5, 22.2, 2.6, 1.2, LEAF, angle=0.6)
    t.put(34, 22, LEAF_SHADE)
    t.put(36, 23, TWIG)
    return t.outlined(TWIG_OUTLINE)


WINGS = {
    # centre offset from the body, radii, angle: folded, and the flap's phases
    "rest": (-2.2, 1.2, 3.6, 2.1, 0.35),
    "lift": (-2.8, -1.2, 4.2, 2.0, -0.45),
    "up": (-3.0, -5.0, 4.6, 1.9, -1.15),
    "mid": (-5.2, -1.0, 4.8, 1.8, 0.05),
    "down": (-3.5, 3.5, 4.6, 1.9, 0.95),
}


def bird(cx, cy, eyes="open", wing="rest", feet=True, squash=0.0, blush=True, tilt=0):
    """The bird with its body centred on (cx, cy), facing right."""
    b = Layer()
    rx, ry = 7.0 + squash, 6.0 - squash
    cy = cy + squash
    # Tail, behind the body.
    b.ellipse(cx - 7.5, cy - 0.5 + tilt * 0.5, 3.2, 1.4, WING, angle=-0.5 - tilt * 0.2)
    # Body: shade, then the lit part up and to the right, then the belly.
    body = Layer()
    body.ellipse(cx, cy, rx, ry, BODY_SHADE)
    b.over(body)
    b.ellipse(cx + 0.6, cy - 0.7, rx - 0.8, ry - 0.7, BODY, clip=body)
    b.ellipse(cx + 2.0, cy + 2.2, 4.6, 3.2, BELLY, clip=body)
    b.put(cx + 3, cy - 5 + squash * 0.5, BODY_LIGHT)
    b.put(cx + 4, cy - 4 + squash * 0.5, BODY_LIGHT)
    # A tuft on the head.
    top = cy - ry
    b.put(cx, top - 0.5, BODY)
    b.put(cx + 1, top - 1.5, BODY)
    b.put(cx - 1, top - 1.0, BODY_SHADE)
    # Beak.
    bx, by = int(round(cx + rx - 0.5)), int(round(cy - 1.5))
    b.pattern(bx, by - 1, ["bb.", "bbb", "ss."], {"b": BEAK, "s": BEAK_SHADE})
    # Eye.
    ex, ey = int(round(cx + 3)), int(round(cy - 2.5 + squash * 0.5))
    if eyes == "open":
        b.pattern(ex, ey, ["ew", "ee"], {"e": EYE, "w": WHITE})
    elif eyes == "wide":
        b.pattern(ex, ey - 1, [".e.", "eew", "eee"], {"e": EYE, "w": WHITE})
    elif eyes == "half":
        b.pattern(ex, ey + 1, ["ee"], {"e": EYE})
    elif eyes == "closed":
        b.pattern(ex - 1, ey, ["e..e", ".ee."], {"e": EYE})
    elif eyes == "sad":
        b.pattern(ex - 1, ey, ["ee..", "..ee"], {"e": EYE})
    if blush:
        b.put(ex, ey + 2, BLUSH)
        b.put(ex + 1, ey + 2, BLUSH)
    # Wing, with an inner edge so it reads against the body.
    ox, oy, wrx, wry, angle = WINGS[wing]
    b.ellipse(cx + ox, cy + oy, wrx + 0.9, wry + 0.9, WING_EDGE, angle=angle)
    b.ellipse(cx + ox, cy + oy, wrx, wry, WING, angle=angle)
    # The feather tips: the far end of the wing a shade darker.
    tip = Layer()
    tip.ellipse(cx + ox, cy + oy, wrx, wry, WING, angle=angle)
    tx, ty = cx + ox - math.cos(angle) * wrx * 0.75, cy + oy - math.sin(angle) * wrx * 0.75
    b.ellipse(tx, ty, wrx * 0.45, wry, WING_TIP, angle=angle, clip=tip)
    out = b.outlined(OUTLINE)
    # Feet, on the twig, outside the outline.
    if feet:
        for fx in (cx - 1, cx + 2):
            out.put(fx, cy + ry + 1, BEAK_SHADE)
    return out


def zzz(layer, x, y, big):
    """A 'z' (4x4) and, with big, a 'Z' (5x5) above and to the right."""
    layer.pattern(x, y, ["zzzz", "..z.", ".z..", "zzzz"], {"z": ZZZ})
    if big:
        layer.pattern(x + 4, y - 6, ["zzzzz", "...z.", "..z..", ".z...", "zzzzz"], {"z": ZZZ})


def alert(layer, x, y):
    a = Layer()
    a.pattern(x, y, ["a", "a", "a", ".", "a"], {"a": ALERT})
    layer.over(a.outlined(OUTLINE))


def cloud(layer, x, y, rain_phase):
    c = Layer()
    c.ellipse(x, y, 4.5, 2.2, CLOUD_SHADE)
    c.ellipse(x - 0.5, y - 0.8, 4.2, 1.8, CLOUD)
    c.ellipse(x + 1.0, y - 2.0, 2.4, 1.8, CLOUD)
    c.ellipse(x - 2.2, y - 1.2, 1.8, 1.4, CLOUD)
    layer.over(c.outlined(OUTLINE))
    for i, dx in enumerate((-3, 0, 3)):
        dy = (rain_phase + i * 2) % 5
        layer.put(x + dx, y + 3 + dy, RAIN)
        layer.put(x + dx, y + 4 + dy, RAIN)


def feather(layer, x, y, flip):
    f = Layer()
    f.pattern(x, y, ["..b", ".bb", "bb."] if not flip else ["b..", "bb.", ".bb"], {"b": BODY})
    layer.over(f.outlined(OUTLINE))


# ---------------------------------------------------------------- the frames

PERCH = (19.0, 17.0)  # the body's centre sitting on the twig


def frame(*pieces):
    canvas = twig()
    for p in pieces:
        canvas.over(p)
    return canvas


def sleeping(z_phase, breathe):
    x, y = PERCH
    layer = frame(bird(x, y, eyes="closed", squash=0.6 if breathe else 0.3))
    if z_phase is not None:
        zzz(layer, int(x) + 7, int(y) - 7 - z_phase, big=True)
    return layer


def pulling_frames():
    x, y = PERCH
    frames = []
    # Asleep, the z's drifting up and away.
    for i in range(3):
        frames.append(sleeping(i, breathe=i % 2 == 0))
    # Stirs: no more z's, an eye half open.
    frames.append(frame(bird(x, y, eyes="closed", squash=0.0)))
    frames.append(frame(bird(x, y, eyes="half", squash=0.0)))
    frames.append(frame(bird(x, y, eyes="closed", squash=0.0)))
    frames.append(frame(bird(x, y, eyes="half", squash=-0.2)))
    # Awake, sitting up, wings lifting.
    frames.append(frame(bird(x, y - 0.5, eyes="open", squash=-0.3)))
    frames.append(frame(bird(x, y - 0.5, eyes="open", squash=-0.4, wing="lift")))
    frames.append(frame(bird(x, y - 1.0, eyes="wide", squash=-0.5, wing="lift")))
    frames.append(frame(bird(x, y - 1.0, eyes="wide", squash=-0.5, wing="up")))
    frames.append(frame(bird(x, y - 1.0, eyes="wide", squash=-0.5, wing="mid")))
    return frames


def armed_frames():
    x, y = PERCH
    hops = [(0.6, 0, "rest"), (-0.4, -2, "up"), (-0.4, -3, "mid"), (-0.2, -2, "down"), (0.6, 0, "rest"),
            (-0.5, -1, "lift")]
    frames = []
    for i, (squash, dy, wing) in enumerate(hops):
        layer = frame(bird(x, y + dy, eyes="wide", squash=squash, wing=wing, feet=dy == 0))
        if i >= 1:
            alert(layer, int(x) + 9, 3)
        frames.append(layer)
    return frames


FLAP = ["up", "mid", "down", "mid"]


def refreshing_frames():
    x, y = PERCH
    frames = []
    for i in range(8):
        wing = FLAP[i % 4]
        # The body rises on the down-stroke.
        lift = {"up": 0.0, "mid": -0.5, "down": -1.0}[wing]
        frames.append(frame(bird(x, y - 4 + lift, eyes="open", wing=wing, feet=False, tilt=1)))
    return frames


def exit_frames():
    x, y = PERCH
    frames = []
    for i in range(12):
        t = i + 1
        bx, by = x + 2.2 * t, y - 4 - 1.6 * t - 0.08 * t * t
        layer = frame()
        # A feather left behind, drifting down and to and fro.
        feather(layer, int(x) - 2 + (1 if (i // 2) % 2 else -1), int(9 + i * 1.0), flip=(i // 2) % 2 == 1)
        if bx < W + 8 and by > -8:
            layer.over(bird(bx, by, eyes="open", wing=FLAP[i % 4], feet=False, tilt=1))
        frames.append(layer)
    return frames


def failure_frames():
    x, y = PERCH
    frames = []
    # Falls back onto the twig, squashes, droops; a cloud rolls in and rains.
    falls = [(-4.0, "up", 0.0), (-2.0, "mid", 0.0), (0.0, "rest", 1.0), (0.0, "rest", 0.4)]
    for dy, wing, squash in falls:
        frames.append(frame(bird(x, y + dy, eyes="sad", wing=wing, feet=dy == 0, squash=squash, blush=False)))
    for i in range(8):
        layer = frame(bird(x, y, eyes="sad", squash=0.8, blush=False))
        cloud(layer, int(x) + 1 - max(0, 3 - i), 4, rain_phase=i)
        frames.append(layer)
    return frames


def idle_frame():
    return sleeping(1, breathe=True)


# ---------------------------------------------------------------- writing


def palette_png(layer):
    """A palette PNG with transparency, each art pixel PIXEL x PIXEL."""
    colours = [None]
    index = {}
    rows = []
    for y in range(H):
        row = bytearray()
        for x in range(W):
            c = layer.px[y][x]
            if c not in index:
                index[c] = len(colours) if c is not None else 0
                if c is not None:
                    colours.append(c)
            row += bytes([index[c]]) * PIXEL
        rows.append(bytes(row))
    raw = b"".join(b"\x00" + row for row in rows for _ in range(PIXEL))
    plte = b"".join(bytes(c if c is not None else (0, 0, 0)) for c in colours)
    trns = bytes([0] + [255] * (len(colours) - 1))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W * PIXEL, H * PIXEL, 8, 3, 0, 0, 0))
            + chunk(b"PLTE", plte) + chunk(b"tRNS", trns) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def write_state(name, frames):
    folder = os.path.join(HERE, name)
    os.makedirs(folder, exist_ok=True)
    for old in os.listdir(folder):
        if old.endswith(".png"):
            os.remove(os.path.join(folder, old))
    for i, f in enumerate(frames):
        with open(os.path.join(folder, "{:02d}.png".format(i)), "wb") as out:
            out.write(palette_png(f))


def main():
    with open(os.path.join(HERE, "idle.png"), "wb") as out:
        out.write(palette_png(idle_frame()))
    write_state("pulling", pulling_frames())
    write_state("armed", armed_frames())
    write_state("refreshing", refreshing_frames())
    write_state("exit", exit_frames())
    write_state("failure", failure_frames())


if __name__ == "__main__":
    main()
