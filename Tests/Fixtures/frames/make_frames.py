#!/usr/bin/env python3
"""Writes the FrameSequence plugin's test styles (Python 3 standard library only).

    python3 Tests/Fixtures/frames/make_frames.py

The styles go to refresh-host/styles/ beside this script, the layout of a user
data folder, so XDG_DATA_HOME=Tests/Fixtures/frames shows them to the plugin as
they are. README.md lists each style and the rule it keeps or breaks. The
output is the same on every run (no time stamps, fixed zlib level).

Every frame of the good styles is one solid colour that says which frame it is:
red = frame index x 8, green = the state (STATE_GREEN), blue = 0x80. A test
reads one pixel of a render and knows the state and the frame on screen.

PNGs are written with zlib. GIFs by the small encoder below (LZW with a clear
code every CLEAR_EVERY codes, so the codes stay 9 bits: large, but simple and
exact). Animated WebPs as VP8L lossless frames whose five prefix codes each
have one symbol, which is how VP8L codes a one-colour image in a few bytes.
"""

import os
import shutil
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "refresh-host", "styles")

STATE_GREEN = {
    "idle": 0x10,
    "pulling": 0x20,
    "armed": 0x30,
    "refreshing": 0x40,
    "exit": 0x50,
    "success": 0x60,
    "failure": 0x70,
}
BLUE = 0x80


def colour(state, index):
    return (index * 8, STATE_GREEN[state], BLUE, 255)


# ---------------------------------------------------------------- PNG


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_header(width, height):
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))


def png(width, height, rgba):
    """A solid RGBA PNG."""
    row = b"\x00" + bytes(rgba) * width
    return png_header(width, height) + png_chunk(b"IDAT", zlib.compress(row * height, 9)) + png_chunk(b"IEND", b"")


# ---------------------------------------------------------------- GIF

CLEAR_EVERY = 200  # literal codes between clear codes: the table never reaches 512, codes stay 9 bits


def lzw(indices):
    """LZW for minimum code size 8, every pixel its own code."""
    clear, end = 256, 257
    codes = [clear]
    for i, index in enumerate(indices):
        if i and i % CLEAR_EVERY == 0:
            codes.append(clear)
        codes.append(index)
    codes.append(end)
    out, acc, bits = bytearray(), 0, 0
    for code in codes:
        acc |= code << bits
        bits += 9
        while bits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            bits -= 8
    if bits:
        out.append(acc & 0xFF)
    blocks = bytearray()
    for start in range(0, len(out), 255):
        piece = out[start:start + 255]
        blocks += bytes([len(piece)]) + piece
    return bytes(blocks) + b"\x00"


def gif(width, height, palette, frames):
    """frames: dicts with rect (x, y, w, h), indices (w*h palette indices),
    delay (centiseconds), disposal (0-3) and transparent (an index or None).
    Returns the bytes and where each frame's pixel data starts."""
    table = bytearray()
    for r, g, b in palette + [(0, 0, 0)] * (256 - len(palette)):
        table += bytes((r, g, b))
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF7, 0, 0) + table)
    out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"  # loop for ever
    starts = []
    for f in frames:
        transparent = f.get("transparent")
        packed = (f["disposal"] << 2) | (1 if transparent is not None else 0)
        out += b"\x21\xf9\x04" + struct.pack("<BHB", packed, f["delay"], transparent or 0) + b"\x00"
        x, y, w, h = f["rect"]
        out += b"\x2c" + struct.pack("<HHHHB", x, y, w, h, 0) + b"\x08"
        starts.append(len(out))
        out += lzw(f["indices"])
    out += b"\x3b"
    return bytes(out), starts


# ---------------------------------------------------------------- WebP


class Bits:
    """VP8L's bit order: least significant bit first."""

    def __init__(self):
        self.acc, self.n, self.out = 0, 0, bytearray()

    def put(self, value, bits):
        self.acc |= value << self.n
        self.n += bits
        while self.n >= 8:
            self.out.append(self.acc & 0xFF)
            self.acc >>= 8
            self.n -= 8

    def bytes(self):
        return bytes(self.out) + (bytes([self.acc]) if self.n else b"")


def vp8l_solid(width, height, rgba):
    r, g, b, a = rgba
    bits = Bits()
    bits.put(0x2F, 8)  # signature
    bits.put(width - 1, 14)
    bits.put(height - 1, 14)
    bits.put(1 if a != 255 else 0, 1)  # alpha used
    bits.put(0, 3)  # version
    bits.put(0, 1)  # no transform
    bits.put(0, 1)  # no colour cache
    bits.put(0, 1)  # one prefix-code group
    # Green (+ lengths), red, blue, alpha, distance: a simple code with one
    # 8-bit symbol each, so every pixel takes no bits at all.
    for symbol in (g, r, b, a, 0):
        bits.put(1, 1)  # simple code
        bits.put(0, 1)  # one symbol
        bits.put(1, 1)  # an 8-bit symbol
        bits.put(symbol, 8)
    return bits.bytes() + b"\x00" * 4  # padding the bit reader may look at


def riff_chunk(kind, data):
    return kind + struct.pack("<I", len(data)) + data + (b"\x00" if len(data) % 2 else b"")


def le24(v):
    return struct.pack("<I", v)[:3]


def webp_still(width, height, rgba):
    return riff("VP8L", vp8l_solid(width, height, rgba))


def riff(kind, data):
    body = b"WEBP" + riff_chunk(kind.encode(), data)
    return b"RIFF" + struct.pack("<I", len(body)) + body


def webp_animated(width, height, frames):
    """frames: dicts with rect (x, y, w, h; x and y even), rgba, duration (ms),
    blend (bool) and dispose (bool)."""
    body = b"WEBP"
    body += riff_chunk(b"VP8X", bytes([0x12, 0, 0, 0]) + le24(width - 1) + le24(height - 1))  # animation, alpha
    body += riff_chunk(b"ANIM", struct.pack("<IH", 0, 0))  # transparent background, loop for ever
    for f in frames:
        x, y, w, h = f["rect"]
        flags = (0 if f.get("blend", True) else 2) | (1 if f.get("dispose") else 0)
        header = le24(x // 2) + le24(y // 2) + le24(w - 1) + le24(h - 1) + le24(f["duration"]) + bytes([flags])
        body += riff_chunk(b"ANMF", header + riff_chunk(b"VP8L", vp8l_solid(w, h, f["rgba"])))
    return b"RIFF" + struct.pack("<I", len(body)) + body


# ---------------------------------------------------------------- the styles


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def text(path, content):
    write(path, content.encode())


def png_folder(style, state, count, size=(64, 48), name="f{}.png"):
    # Unpadded numbers (f1 ... f10), so natural order is what puts f10 last.
    for i in range(count):
        write(os.path.join(ROOT, style, state, name.format(i + 1)), png(*size, colour(state, i)))


def png_counter():
    """Every state as PNGs; style.ini sets id, name, fps."""
    png_folder("png-counter", "pulling", 10)
    png_folder("png-counter", "armed", 4)
    png_folder("png-counter", "refreshing", 12)
    png_folder("png-counter", "exit", 5)
    png_folder("png-counter", "failure", 3)
    write(os.path.join(ROOT, "png-counter", "idle.png"), png(64, 48, colour("idle", 0)))
    write(os.path.join(ROOT, "png-counter", "success.png"), png(64, 48, colour("success", 0)))
    text(os.path.join(ROOT, "png-counter", "style.ini"),
         "# The fixture every state of which is a PNG: see README.md.\n"
         "id = com.refreshhost.fixtures.png-counter\n"
         "name = PNG Counter\n"
         "version = 2.1.0\n"
         "vendor = RefreshHost tests\n"
         "description = Solid frames that say which state and frame is shown\n"
         "fps = 20\n")


GIF_COLOURS = [(0, 0, 0)] + [colour("refreshing", i)[:3] for i in range(5)]  # index 0: the transparent one


def solid_indices(w, h, index):
    return [index] * (w * h)


def gif_delays():
    """refreshing.gif: 48x48, five frames, delays 40/80/120/40/60 ms, the three
    disposal modes and a transparent index. README.md gives each composed frame."""
    half = 24
    frames = [
        dict(rect=(0, 0, 48, 48), indices=solid_indices(48, 48, 1), delay=4, disposal=1),
        dict(rect=(0, 0, half, half), indices=solid_indices(half, half, 2), delay=8, disposal=2),
        # Left half transparent (index 0), right half colour 3; restored afterwards.
        dict(rect=(half, half, half, half),
             indices=[0 if x < 12 else 3 for _ in range(half) for x in range(half)],
             delay=12, disposal=3, transparent=0),
        dict(rect=(0, half, half, half), indices=solid_indices(half, half, 4), delay=4, disposal=1),
        dict(rect=(half, 0, half, half), indices=solid_indices(half, half, 5), delay=6, disposal=1),
    ]
    data, _ = gif(48, 48, GIF_COLOURS, frames)
    write(os.path.join(ROOT, "gif-delays", "refreshing.gif"), data)
    # exit.gif: delays 0 and 10 cs; 0 counts as 100 ms, as in browsers.
    exit_palette = [(0, 0, 0)] + [colour("exit", i)[:3] for i in range(2)]
    data, _ = gif(48, 48, exit_palette, [
        dict(rect=(0, 0, 48, 48), indices=solid_indices(48, 48, 1), delay=0, disposal=1),
        dict(rect=(0, 0, 48, 48), indices=solid_indices(48, 48, 2), delay=10, disposal=1),
    ])
    write(os.path.join(ROOT, "gif-delays", "exit.gif"), data)
    # A link that stays inside the root is fine.
    os.symlink("refreshing.gif", os.path.join(ROOT, "gif-delays", "pulling.gif"))


def webp_anim():
    """refreshing.webp: 40x40, four frames of 50/100/50/150 ms, the last a
    20x20 sub-frame at (20, 20) over the third; idle.webp a still; armed.webp
    two frames."""
    frames = [dict(rect=(0, 0, 40, 40), rgba=colour("refreshing", i), duration=d)
              for i, d in enumerate((50, 100, 50))]
    frames.append(dict(rect=(20, 20, 20, 20), rgba=colour("refreshing", 3), duration=150))
    write(os.path.join(ROOT, "webp-anim", "refreshing.webp"), webp_animated(40, 40, frames))
    write(os.path.join(ROOT, "webp-anim", "idle.webp"), webp_still(40, 40, colour("idle", 0)))
    write(os.path.join(ROOT, "webp-anim", "armed.webp"), webp_animated(40, 40, [
        dict(rect=(0, 0, 40, 40), rgba=colour("armed", i), duration=100) for i in range(2)]))
    text(os.path.join(ROOT, "webp-anim", "style.ini"), "name = WebP Anim\nheight = 40\nscale = 1\n")


def bad_styles():
    # A GIF cut inside its last frame's pixels.
    frames = [dict(rect=(0, 0, 32, 32), indices=solid_indices(32, 32, i + 1), delay=5, disposal=1) for i in range(3)]
    data, starts = gif(32, 32, GIF_COLOURS, frames)
    write(os.path.join(ROOT, "bad-truncated-gif", "refreshing.gif"), data[:starts[2] + 40])
    # A PNG named .gif.
    write(os.path.join(ROOT, "bad-png-as-gif", "refreshing.gif"), png(32, 32, colour("refreshing", 0)))
    # Frame 12 of 13 is larger.
    for i in range(13):
        size = (64, 64) if i == 12 else (60, 60)
        write(os.path.join(ROOT, "bad-sizes", "refreshing", "frame{}.png".format(i)), png(*size, colour("refreshing", i)))
    # Pulling and idle, but no refreshing.
    png_folder("bad-no-refreshing", "pulling", 3)
    write(os.path.join(ROOT, "bad-no-refreshing", "idle.png"), png(64, 48, colour("idle", 0)))
    # A bad value in style.ini.
    png_folder("bad-ini", "refreshing", 2)
    text(os.path.join(ROOT, "bad-ini", "style.ini"), "name = Bad ini\nfps = fast\n")
    # A 5000x5000 IHDR and nothing else.
    write(os.path.join(ROOT, "bad-huge", "refreshing.png"), png_header(5000, 5000))
    # A link to a file outside the root (a good PNG: only the link is wrong).
    os.makedirs(os.path.join(ROOT, "bad-link"), exist_ok=True)
    os.symlink(os.path.join("..", "..", "..", "outside.png"), os.path.join(ROOT, "bad-link", "refreshing.png"))
    # A good IHDR over damaged pixel data: listed as loaded (the scan reads
    # headers only), refused by setup, which logs the file.
    damaged = png_header(32, 32) + png_chunk(b"IDAT", b"not zlib data") + png_chunk(b"IEND", b"")
    write(os.path.join(ROOT, "bad-damaged-png", "refreshing.png"), damaged)
    # A format the plugin does not read, under a state's name.
    write(os.path.join(ROOT, "bad-jpeg", "refreshing.jpg"), b"\xff\xd8\xff\xe0 not really a JPEG")
    # Two entries for one state.
    png_folder("bad-two-refreshing", "refreshing", 2)
    write(os.path.join(ROOT, "bad-two-refreshing", "refreshing.png"), png(64, 48, colour("refreshing", 0)))
    # The id png-counter has; the later folder (by path) loses.
    png_folder("png-counter-copy", "refreshing", 2)
    text(os.path.join(ROOT, "png-counter-copy", "style.ini"), "id = com.refreshhost.fixtures.png-counter\n")


def skipped_folders():
    # Not frame styles: no word about them.
    text(os.path.join(ROOT, "lottie-only", "spinner.json"), '{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, '
         '"w": 64, "h": 64, "layers": []}\n')
    write(os.path.join(ROOT, ".hidden", "refreshing.png"), png(8, 8, colour("refreshing", 0)))


def main():
    shutil.rmtree(os.path.join(HERE, "refresh-host"), ignore_errors=True)
    write(os.path.join(HERE, "outside.png"), png(32, 32, (255, 0, 0, 255)))
    png_counter()
    gif_delays()
    webp_anim()
    bad_styles()
    skipped_folders()


if __name__ == "__main__":
    main()
