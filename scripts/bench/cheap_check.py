"""The cheap alternative to citegate (issue 18): a user's first idea, in Python.

usage: cheap_check.py CORPUS_DIR

Reads the manifest's sources (the simple YAML the benchmark writes) and every
citation file under answers/, normalizes each cited source once as the
reference does, and counts each quote with str.find, honoring word boundaries
as the reference's \\w does. Prints FILE: CITATION_ID: VERDICT per record and located=N/M,
as citegate's text output does. No hashing, no positions, no explanations.
"""
import glob, json, os, re, sys, unicodedata


def normalize(text):
    return " ".join(unicodedata.normalize("NFC", text).split())


def is_word(ch):
    return ch.isalnum() or ch == "_"


def count(text, needle, limit=2):
    start_word, end_word, found, i = is_word(needle[0]), is_word(needle[-1]), 0, text.find(needle)
    while i >= 0 and found < limit:
        j = i + len(needle)
        if not (start_word and i > 0 and is_word(text[i - 1])) and not (end_word and j < len(text) and is_word(text[j])):
            found += 1
        i = text.find(needle, i + 1)
    return found


def main(root):
    paths = dict(re.findall(r"^  (\S+):\n    path: (\S+)$", open(os.path.join(root, "citegate.yml"), encoding="utf-8").read(), re.M))
    texts, out, located, total = {}, [], 0, 0
    for name in sorted(glob.glob(os.path.join(root, "answers", "**", "*.json*"), recursive=True)):
        raw = open(name, encoding="utf-8").read()
        records = [json.loads(l) for l in raw.splitlines() if l.strip()] if name.endswith(".jsonl") else json.loads(raw)
        for r in records:
            quote, source = normalize(r["quote"]), r["source_id"]
            if source not in paths:
                verdict = "unknown source"
            elif not quote:
                verdict = "empty quote"
            else:
                if source not in texts:
                    texts[source] = normalize(open(os.path.join(root, paths[source]), encoding="utf-8-sig").read())
                verdict = ("quote not found", "located", "ambiguous quote")[count(texts[source], quote)]
            out.append(f"{os.path.relpath(name, root)}: {r['citation_id']}: {verdict}")
            located, total = located + (verdict == "located"), total + 1
    print("\n".join(out + [f"located={located}/{total}"]))


if __name__ == "__main__":
    main(sys.argv[1])
