"""Writes a compile_commands.json for a project of errlint's evaluation.

  project_cdb.py PROJECT_DIR CASES_INCLUDE OUT_DIR

One entry per .cpp under PROJECT_DIR (absolute paths), compiled as eval/run.py
compiles it: C++17 with the project's include/ and the shared case headers.
"""
import json
import os
import sys


def main(argv):
    if len(argv) != 4:
        sys.exit("usage: project_cdb.py PROJECT_DIR CASES_INCLUDE OUT_DIR")
    project, cases_include, out = (os.path.abspath(a) for a in argv[1:])
    sources = sorted(os.path.join(root, name)
                     for root, _, names in os.walk(project)
                     for name in names if name.endswith(".cpp"))
    entries = [{"directory": out, "file": src,
                "arguments": ["clang++", "-std=c++17",
                              "-I" + os.path.join(project, "include"),
                              "-I" + cases_include, "-c", src]}
               for src in sources]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "compile_commands.json"), "w",
              encoding="utf-8") as f:
        json.dump(entries, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
