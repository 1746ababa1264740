#!/usr/bin/env bash
# Regenerates what docs/ derives from the data and from a real run:
#   docs/rules/*.md        the rule reference, from rules/ (update-docs target)
#   docs/images/report.png a screenshot of the HTML report of examples/
# Commit both afterwards. The test suite fails when docs/rules is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -G Ninja >/dev/null
cmake --build build --target errlint update-docs
cmake -S examples -B examples/build -G Ninja >/dev/null
status=0
build/bin/errlint -p examples/build --format=html -o build/examples-report.html || status=$?
if [ "$status" -ne 1 ]; then
  echo "update-docs: errlint exited with $status on examples/, expected 1 (findings)" >&2
  exit 1
fi
mkdir -p docs/images
python3 test/browser/screenshot.py build/examples-report.html docs/images/report.png
