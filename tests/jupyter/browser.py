"""tests/jupyter/browser.py — a lesson notebook executed on tsh-kernel, then looked at in headless
Chromium twice: (1) converted to HTML by nbconvert, as a notebook is exported (Debian's nbconvert
strips an SVG's shapes when it writes HTML, so the export shows the bundle's PNG); (2) its SVG drawn
as JupyterLab draws a trusted SVG output, as an <img> of the SVG's data. Each screenshot must show
the %storage picture (the tint of the cells the first view reads, #d8eef7, over a picture-sized
area), and must not once the pictures are taken out (so the check cannot pass without them).

    /usr/bin/python3 tests/jupyter/browser.py BUILD_DIR
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LESSON = os.path.join(ROOT, "scripts", "lessons", "03_transposes.ipynb")
TINT = (0xD8, 0xEE, 0xF7)  # storage_svg.cpp's kTint[0]


def png_pixels(path):
    """Width, height and rows of RGB(A) tuples of an 8-bit, non-interlaced PNG (what Chromium writes)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, "unexpected PNG format"
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, bpp, rows


def tinted_area(png):
    width, height, bpp, rows = png_pixels(png)
    count, xs, ys = 0, [], []
    for y, line in enumerate(rows):
        for x in range(width):
            if tuple(line[x * bpp:x * bpp + 3]) == TINT:
                count += 1
                xs.append(x)
                ys.append(y)
    box = (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) if xs else (0, 0)
    return count, box


def screenshot(html, png, work):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--user-data-dir=" + os.path.join(work, "chromium"), "--window-size=1200,3000",
                    "--screenshot=" + png, "file://" + html],
                   check=True, capture_output=True, timeout=120)


def to_html(nb, work, name):
    path = os.path.join(work, name + ".ipynb")
    with open(path, "w") as f:
        json.dump(nb, f)
    subprocess.run([sys.executable, "-m", "nbconvert", "--to", "html",
                    "--NbConvertBase.display_data_priority=['text/html', 'image/png', 'image/svg+xml', 'text/plain']",
                    path], check=True, capture_output=True)
    return os.path.join(work, name + ".html")


def lab_page(svg, work, name):
    """The output as JupyterLab renders a trusted image/svg+xml: an <img> of the SVG's data."""
    import base64
    path = os.path.join(work, name + ".html")
    img = '<img src="data:image/svg+xml;base64,%s">' % base64.b64encode(svg.encode()).decode() if svg else ""
    with open(path, "w") as f:
        f.write("<!doctype html><html><body style='margin:0;background:#fff'>%s<pre>text output</pre></body></html>" % img)
    return path


def looks(html, work, name):
    shot = os.path.join(work, name + ".png")
    screenshot(html, shot, work)
    return tinted_area(shot)


def main():
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        print("no chromium (scripts/setup installs it): skipped")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as work:
        # The lesson up to and including its first %storage cell, executed.
        with open(LESSON) as f:
            nb = json.load(f)
        first = next(i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code" and c["source"].startswith("%storage"))
        nb["cells"] = nb["cells"][:first + 1]
        src = os.path.join(work, "lesson.ipynb")
        with open(src, "w") as f:
            json.dump(nb, f)
        subprocess.run([sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute", "--allow-errors",
                        "--ExecutePreprocessor.kernel_name=tsh", "--output", "executed", src],
                       check=True, capture_output=True, cwd=os.path.dirname(LESSON))
        with open(os.path.join(work, "executed.ipynb")) as f:
            executed = json.load(f)
        shown = [o for o in executed["cells"][-1]["outputs"] if o["output_type"] == "display_data"]
        if not shown or "image/svg+xml" not in shown[0]["data"]:
            print("FAIL: the %storage cell published no SVG")
            sys.exit(1)
        svg = shown[0]["data"]["image/svg+xml"]
        svg = svg if isinstance(svg, str) else "".join(svg)
        results = {
            "exported notebook": looks(to_html(executed, work, "export"), work, "export"),
            "JupyterLab's <img>": looks(lab_page(svg, work, "lab"), work, "lab"),
        }
        # The controls: the pictures taken out (their text stays).
        for cell in executed["cells"]:
            for o in cell.get("outputs", []):
                for mime in ("image/svg+xml", "image/png"):
                    o.get("data", {}).pop(mime, None)
        controls = {
            "exported notebook": looks(to_html(executed, work, "export0"), work, "export0"),
            "JupyterLab's <img>": looks(lab_page("", work, "lab0"), work, "lab0"),
        }
        ok = True
        for what, (count, box) in results.items():
            seen = count > 2000 and box[0] > 150 and box[1] > 20
            blind = controls[what][0] == 0
            print("%-20s with the picture: %6d tinted pixels over %dx%d; without: %d  %s" % (
                what, count, box[0], box[1], controls[what][0], "ok" if seen and blind else "FAIL"))
            ok = ok and seen and blind
        sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
