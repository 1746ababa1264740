# Writes the records of the given .json files as one JSON Lines dataset,
# with the lines of --bad inserted after the given record counts
# ("2:TEXT" puts TEXT after the second record).
import json
import sys

args = sys.argv[1:]
out = args.pop(0)
bad = {}
while args and args[0] == "--bad":
    args.pop(0)
    at, text = args.pop(0).split(":", 1)
    bad.setdefault(int(at), []).append(text)
with open(out, "w") as f:
    for i, path in enumerate(args):
        for text in bad.get(i, []):
            f.write(text + "\n")
        data = json.load(open(path))
        f.write(json.dumps(data.get("record", data)) + "\n")
