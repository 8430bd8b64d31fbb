#!/usr/bin/env python3
"""Builds one dotLottie archive (a zip) for the tests, from a Lottie JSON
and a PNG, good or hostile: python3 make_archive.py KIND JSON PNG OUT.

KIND: v1 and v2 show images/img_0.png (i/img_0.png) in a 32x32 image layer
at the top-left corner; noimage names an image the archive does not hold;
ratio (an entry of 5 MiB of zeros, inflating ~1000 times), liar (the
animation's two headers claiming 100 bytes), v1 (manifest.json, animations/ID.json, images/img_0.png), v2 (a/, i/),
bomb (an entry that inflates far past its small compressed size), huge (an
entry whose header declares 64 MiB), dotdot (an entry "../escape.json"),
absolute ("/tmp/escape.json"), symlink (a link entry to /etc/passwd),
missing (the manifest names an animation that is not there), truncated (a
v1 archive cut in half), two (a v1 archive of two animations, "spinner" then
"other": the JSON as it is and with its refreshHost id and name made
"test.other" and "Other"). Standard library only."""
import json
import struct
import sys
import zipfile


def with_image(animation, folder, name):
    """The animation with a 32x32 image layer at its top-left corner, showing `folder` + `name` from the archive."""
    doc = json.loads(animation)
    st = lambda v: {"a": 0, "k": v}
    doc.setdefault("assets", []).append({"id": "image_0", "w": 32, "h": 32, "u": folder, "p": name, "e": 0})
    doc["layers"].insert(0, {"ddd": 0, "ind": 99, "ty": 2, "nm": "badge", "refId": "image_0", "sr": 1,
                             "ks": {"o": st(100), "r": st(0), "p": st([0, 0, 0]), "a": st([0, 0, 0]),
                                    "s": st([100, 100, 100])},
                             "ao": 0, "ip": doc["ip"], "op": doc["op"], "st": 0, "bm": 0})
    return json.dumps(doc)


def write(kind, animation, png, out):
    manifest = {"version": "1" if kind != "v2" else "2", "generator": "RefreshHost tests",
                "animations": [{"id": "spinner"}]}
    if kind == "two":
        manifest["animations"].append({"id": "other"})
        manifest["activeAnimationId"] = "spinner"
    folder, images = ("a/", "i/") if kind == "v2" else ("animations/", "images/")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.json", json.dumps(manifest))
        if kind in ("v1", "v2"):
            animation = with_image(animation, "/" + images, "img_0.png")
        if kind == "noimage":
            animation = with_image(animation, "/" + images, "other.png")
        if kind != "missing":
            z.writestr(folder + "spinner.json", animation)
        z.writestr(images + "img_0.png", png)
        if kind == "two":
            other = json.loads(animation)
            other["refreshHost"] = dict(other.get("refreshHost", {}), id="test.other", name="Other")
            z.writestr(folder + "other.json", json.dumps(other))
        if kind == "bomb":
            z.writestr("animations/zeros.json", b"0" * (20 << 20))
        if kind == "ratio":
            z.writestr("animations/zeros.json", b"0" * (5 << 20))
        if kind == "dotdot":
            z.writestr("../escape.json", animation)
        if kind == "absolute":
            info = zipfile.ZipInfo("escape.json")
            z.writestr(info, animation)
        if kind == "symlink":
            info = zipfile.ZipInfo("animations/link.json")
            info.create_system = 3
            info.external_attr = (0o120777 << 16)
            z.writestr(info, "/etc/passwd")
    data = bytearray(open(out, "rb").read())
    if kind == "absolute":
        # zipfile strips a leading '/': put it back in both headers (same length as "escape.json" + 1 byte shift is
        # avoided by renaming "escape.json" to "/scape.json").
        data = data.replace(b"escape.json", b"/scape.json")
    if kind == "huge":
        # The central directory's uncompressed size of the image entry: 64 MiB.
        name = (images + "img_0.png").encode()
        at = data.rfind(b"PK\x01\x02")
        while at >= 0:
            n = struct.unpack_from("<H", data, at + 28)[0]
            if bytes(data[at + 46:at + 46 + n]) == name:
                struct.pack_into("<I", data, at + 24, 64 << 20)
                break
            at = data.rfind(b"PK\x01\x02", 0, at)
    if kind == "liar":
        # Both headers of the animation claim 100 bytes: it inflates past its claim.
        name = b"animations/spinner.json"
        at = data.find(b"PK\x03\x04")
        while at >= 0:
            n = struct.unpack_from("<H", data, at + 26)[0]
            if bytes(data[at + 30:at + 30 + n]) == name:
                struct.pack_into("<I", data, at + 22, 100)
            at = data.find(b"PK\x03\x04", at + 4)
        at = data.find(b"PK\x01\x02")
        while at >= 0:
            n = struct.unpack_from("<H", data, at + 28)[0]
            if bytes(data[at + 46:at + 46 + n]) == name:
                struct.pack_into("<I", data, at + 24, 100)
            at = data.find(b"PK\x01\x02", at + 4)
    if kind == "truncated":
        data = data[: len(data) // 2]
    open(out, "wb").write(bytes(data))


if __name__ == "__main__":
    kind, json_path, png_path, out = sys.argv[1:5]
    write(kind, open(json_path, "rb").read(), open(png_path, "rb").read(), out)
