"""Runs the reference check() (../shared/reference/check_citations.py) over a batch.

Usage: reference_batch.py REFERENCE_DIR CASES_JSON
CASES_JSON: {"sources": {id: text}, "cases": [[source_id, quote], ...]}
Prints a JSON list of verdicts, one per case, in order.
"""
import json
import sys

sys.path.insert(0, sys.argv[1])
import check_citations  # noqa: E402

with open(sys.argv[2], encoding="utf-8") as f:
    batch = json.load(f)
check_citations.sources = batch["sources"]
json.dump([check_citations.check(source_id, quote) for source_id, quote in batch["cases"]], sys.stdout)
