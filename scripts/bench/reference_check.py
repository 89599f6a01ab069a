"""Times the Python reference's check() over a benchmark corpus.

usage: reference_check.py [--memoize-normalize] REFERENCE_DIR INPUT.json OUTPUT.json

INPUT.json is the reference-input.json the benchmark writes: {"sources": {id:
text}, "citations": [[file, citation_id, source_id, quote], ...]}. Only the calls
to check() are timed, not Python's start-up or the JSON parsing. OUTPUT.json
gets {"elapsed_s", "python", "memoized",
"verdicts": [[file, citation_id, source_id, quote, verdict], ...]}.

--memoize-normalize wraps the reference's normalize() in a cache, so each source
is normalized once instead of on every call. The verdicts are the reference's
(same code, same results), but the time is no longer the reference's: the
benchmark uses this only to compare verdicts on the larger corpora, untimed.
"""
import json
import sys
import time

sys.dont_write_bytecode = True


def main():
    args = sys.argv[1:]
    memoize = "--memoize-normalize" in args
    args = [a for a in args if a != "--memoize-normalize"]
    reference_dir, input_path, output_path = args[:3]
    sys.path.insert(0, reference_dir)
    import check_citations  # noqa: E402  (the reference, unchanged)

    if memoize:
        plain = check_citations.normalize
        cache = {}

        def normalize(text):
            # Only long texts (sources) are worth keeping; str caches its hash.
            if len(text) < 4096:
                return plain(text)
            hit = cache.get(text)
            if hit is None:
                hit = cache[text] = plain(text)
            return hit

        check_citations.normalize = normalize

    with open(input_path, encoding="utf-8") as f:
        data = json.load(f)
    # check() reads the module-level `sources` dict at call time.
    check_citations.sources = data["sources"]
    citations = data["citations"]
    check = check_citations.check

    start = time.perf_counter()
    verdicts = [check(source_id, quote) for _, _, source_id, quote in citations]
    elapsed = time.perf_counter() - start

    with open(output_path, "w", encoding="utf-8") as f:
        json.dump(
            {
                "elapsed_s": elapsed,
                "python": sys.version.split()[0],
                "memoized": memoize,
                "verdicts": [[*c, v] for c, v in zip(citations, verdicts)],
            },
            f,
            ensure_ascii=False,
        )
    print(f"{len(citations)} checks in {elapsed:.3f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
