"""tests/jupyter/lessons.py — every lesson notebook run by `jupyter nbconvert --execute` on the tsh
kernel, each code cell's output compared with what the lesson's checked transcript shows for that
statement (scripts/lessons/NAME.txt). A cell's text is its streams, the text/plain of its results
and displays, and `Class: message` for an error, ANSI codes removed.

    /usr/bin/python3 tests/jupyter/lessons.py BUILD_DIR [NAME ...]
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lessons"))
import notebook  # noqa: E402  (the generator: the same cutting into statements)

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def cell_text(cell):
    text = ""
    for o in cell.get("outputs", []):
        kind = o["output_type"]
        if kind == "stream":
            text += o["text"] if isinstance(o["text"], str) else "".join(o["text"])
        elif kind in ("execute_result", "display_data"):
            data = o["data"].get("text/plain", "")
            text += (data if isinstance(data, str) else "".join(data)) + "\n"
        elif kind == "error":
            text += o["ename"] + (": " + o["evalue"] if o["evalue"] else "") + "\n"
    return ANSI.sub("", text)


def expected_outputs(transcript):
    out = []
    for src, lines in notebook.statements(transcript):
        while src and src[-1] == "":
            src = src[:-1]
        if len(src) == 1 and src[0].lstrip().startswith("#"):
            continue
        out.append(("\n".join(src), "".join(l + "\n" for l in lines)))
    return out


def same_error(want, got):
    # The terminal names an error's class with its module (torch._C._LinAlgError: ...); IPython's
    # ename is the class's own name.
    def short(s):
        return re.sub(r"^[\w.]+\.(\w+): ", r"\1: ", s, flags=re.M)
    return short(want) == short(got)


def check(build, lesson):
    name = os.path.splitext(os.path.basename(lesson))[0]
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(
            [sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute", "--allow-errors",
             "--ExecutePreprocessor.kernel_name=tsh", "--ExecutePreprocessor.timeout=600",
             "--output-dir", tmp, lesson],
            capture_output=True, text=True)
        if run.returncode != 0:
            return ["%s: nbconvert failed:\n%s" % (name, run.stderr[-2000:])]
        with open(os.path.join(tmp, os.path.basename(lesson))) as f:
            executed = json.load(f)
    with open(lesson[:-len(".ipynb")] + ".txt") as f:
        want = expected_outputs(f.read())
    # The committed notebook is what the generator makes of the transcript now.
    with open(lesson[:-len(".ipynb")] + ".txt") as f:
        fresh = notebook.notebook(f.read())
    with open(lesson) as f:
        committed = json.load(f)
    if [c["source"] for c in fresh["cells"]] != [c["source"] for c in committed["cells"]]:
        return ["%s: %s is not what scripts/lessons/notebook.py makes of %s.txt (run it)" % (name, os.path.basename(lesson), name)]
    cells = [c for c in executed["cells"] if c["cell_type"] == "code"]
    if len(cells) != len(want):
        return ["%s: %d code cells, the transcript has %d statements" % (name, len(cells), len(want))]
    failures = []
    for cell, (src, expected) in zip(cells, want):
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        got = cell_text(cell)
        if source != src:
            failures.append("%s: cell %r is not the transcript's %r" % (name, source, src))
        elif got != expected and not same_error(expected, got):
            failures.append("%s: cell\n    %s\n  printed\n%s  where the transcript shows\n%s" % (
                name, source.replace("\n", "\n    "), got, expected))
    return failures


def main():
    build = sys.argv[1]
    names = sys.argv[2:]
    lessons = sorted(glob.glob(os.path.join(ROOT, "scripts", "lessons", "*.ipynb")))
    if names:
        lessons = [l for l in lessons if os.path.splitext(os.path.basename(l))[0] in names]
    failures = []
    for lesson in lessons:
        f = check(build, lesson)
        print("%-40s %s" % (os.path.basename(lesson), "ok" if not f else "FAILED"), flush=True)
        failures += f
    for f in failures:
        print(f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
