# Prints one line per draft of a rules file: id, analysis, then each
# profile role ("close=a,b"), or the matcher for an ast-matcher rule.
import json
import sys

for rule in json.load(open(sys.argv[1]))["rules"]:
    parts = [rule["id"], rule["analysis"]]
    for profile in rule.get("profiles", []):
        for key in ("types", "close", "use", "reopen", "queryClosed", "queryOpen"):
            if profile.get(key):
                parts.append("%s=%s" % (key, ",".join(profile[key])))
    if "matcher" in rule:
        parts.append("matcher=" + "".join(line.strip() for line in rule["matcher"]))
    print(" ".join(parts))
