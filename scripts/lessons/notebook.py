#!/usr/bin/env python3
"""scripts/lessons/notebook.py — the lessons as Jupyter notebooks, for the tsh kernel.

    scripts/lessons/notebook.py            writes NAME.ipynb beside every NAME.txt lesson transcript
    scripts/lessons/notebook.py NAME.txt   prints that lesson's notebook

A lesson's checked transcript (NAME.txt, what `tsh -i --echo < NAME.tsh` prints) is cut into its
statements: each becomes a code cell, so that the notebook shows what the terminal shows (a cell
shows only its last expression); a run of comment lines becomes a Markdown cell. The notebooks
carry no outputs: tests/jupyter/lessons.py runs them and compares each cell with the transcript.
Only the standard library is needed.
"""
import glob
import json
import os
import sys


def statements(transcript):
    """(input lines, output lines) of each statement of a transcript, blank `>>>` lines dropped."""
    out = []
    for line in transcript.splitlines():
        if line == ">>>" or line.startswith(">>> "):
            out.append(([line[4:]], []))
        elif (line == "..." or line.startswith("... ")) and out and not out[-1][1]:
            out[-1][0].append(line[4:])
        elif out:
            out[-1][1].append(line)
    return [(src, outp) for src, outp in out if src != [""]]


def markdown_of(comment_lines):
    text = [l[1:].lstrip(" ") if l.startswith("#") else l for l in comment_lines]
    return "\n".join(t for t in text).strip("\n")


def notebook(transcript):
    cells, comments = [], []

    def flush_comments():
        if comments:
            cells.append({"cell_type": "markdown", "metadata": {}, "source": markdown_of(comments)})
            comments.clear()

    for src, _ in statements(transcript):
        while src and src[-1] == "":
            src = src[:-1]
        if len(src) == 1 and src[0].lstrip().startswith("#"):
            comments.append(src[0])
            continue
        flush_comments()
        cells.append({"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                      "source": "\n".join(src)})
    flush_comments()
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "tsh", "language": "python", "name": "tsh"},
            "language_info": {"name": "python", "file_extension": ".py", "mimetype": "text/x-python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write(path):
    with open(path) as f:
        nb = notebook(f.read())
    for i, cell in enumerate(nb["cells"]):  # nbformat 4.5 asks for cell ids
        cell["id"] = "cell-%d" % i
    with open(os.path.splitext(path)[0] + ".ipynb", "w") as f:
        json.dump(nb, f, indent=1, ensure_ascii=False)
        f.write("\n")


def main():
    if len(sys.argv) > 1:
        with open(sys.argv[1]) as f:
            json.dump(notebook(f.read()), sys.stdout, indent=1, ensure_ascii=False)
        return
    here = os.path.dirname(os.path.abspath(__file__))
    for path in sorted(glob.glob(os.path.join(here, "*.txt"))):
        write(path)


if __name__ == "__main__":
    main()
