import { MAX_SOURCE_BYTES } from '../load/sources.js';
import { VERSION } from '../model/version.js';

export const MAIN_HELP = `citegate ${VERSION}: checks that every quote an AI assistant attributes to a
source appears verbatim, exactly once, in the pinned text of that source.

Usage:
  citegate init [options]              start: a manifest listing a folder of
                                       sources, and an example that passes
  citegate check [options] [FILE...]   check citation records
  citegate pin [options] [SOURCE_ID...]
                                       record the SHA-256 of sources in the manifest
  citegate merge-reports [options] REPORT...
                                       merge the JSON reports of a split run
  citegate help COMMAND                help for one command
  citegate --version

Exit status: 0 every record located, 1 something needs review, 2 the check
could not run.
`;

export const CHECK_HELP = `Usage: citegate check [options] [FILE...]

Checks the citation records in FILE... (JSON, JSON Lines or YAML, or saved
Claude Messages API responses), or with no FILE every file the manifest's
\`citations\` patterns match.

Options:
  --manifest FILE         the manifest (default: citegate.yml in the root)
  --root DIR              the workspace: nothing outside it is read
                          (default: the current folder)
  --format text|json|sarif
                          text: one "id: verdict" line per record, then
                          located=N/M (default); json: the full report;
                          sarif: SARIF 2.1.0 for code scanning
  --output FILE           write the report to FILE instead of standard output
                          (- is standard output; ./- a file named -)
  --explain               after each record, indented lines saying why: where
                          it was found, the closest passage with a word diff,
                          hints, the context that would make a quote unique
  --only-failures         list only the records not located (the last line
                          still counts them all)
  --max-source-bytes N    refuse source files longer than N bytes
                          (default: 67108864, 64 MiB; at most ${MAX_SOURCE_BYTES},
                          the longest text citegate can hold in memory)
  --shard I/N             check only shard I of N of the citation files (split
                          by a hash of each path: the same split every run)
  --uncited-claims LEVEL  off, warn or fail: sentences of an answer that no
                          record's claim covers (default: the manifest's, warn)
  --required-sources LEVEL
                          off, warn or fail: sources the manifest's \`require\`
                          rules want cited and no record cites (default: fail)
  --claim-numbers LEVEL   off, warn or fail: numbers a claim states that its
                          quote does not carry (default: fail)
  --citation-locations LEVEL
                          off, warn or fail: character indices or pages of a
                          saved response's citation that do not point at its
                          quote in the source (default: warn)
  --baseline FILE         judge the run against an earlier run's JSON report:
                          each record is new, broken, still failing, fixed or
                          unchanged (in the JSON report; a summary line on
                          standard error)
  --fail-on new|any       new: fail only on records broken since the
                          baseline, new records not located and new failing
                          findings (the default with --baseline); any: on
                          every record not located (the default without)
  -h, --help              this help

With several files, each text line starts with "file:line: ". Problems with
the input (unreadable files, unverified sources, invalid records) go to
standard error as "file:line:column: error: message" (or "warning:").

Exit status: 0 at least one record and every record located, every source
verified (with --fail-on new: nothing broken or new failing); 1 something
needs review (also when there is no record at all); 2 the check could not run
(bad arguments, manifest missing or invalid, a baseline that is not a report).
`;

export const PIN_HELP = `Usage: citegate pin [options] [SOURCE_ID...]

Computes the SHA-256 of each named source (default: every source) and of its
\`original\`, and writes them into the manifest, keeping its comments and
layout. Prints what changed. It is the only citegate command that changes a
file of yours (init writes new files only; check and merge-reports only the
reports you name).

Options:
  --manifest FILE         the manifest (default: citegate.yml in the root)
  --root DIR              the workspace (default: the current folder)
  --max-source-bytes N    refuse files longer than N bytes (default: 64 MiB;
                          at most ${MAX_SOURCE_BYTES})
  --check                 write nothing: check that every pin (sources and
                          originals, cited or not) matches its file, and print
                          each one that does not, with both hashes
  -h, --help              this help

Exit status: 0 pinned (or nothing to change; with --check, every pin
matches), 1 with --check a pin is stale, 2 it could not pin or check a file
(nothing is written then).
`;

export const MERGE_HELP = `Usage: citegate merge-reports [options] REPORT...

Merges the JSON reports of the shards of a split run (check --shard I/N
--format json) into the report the whole run would have given.

Options:
  --output FILE           write the merged report to FILE instead of standard
                          output (- is standard output; ./- a file named -)
  --format json|sarif     json: the merged JSON report (default); sarif:
                          SARIF 2.1.0 for code scanning
  --summary FILE          append the Markdown job summary to FILE (for example
                          "$GITHUB_STEP_SUMMARY")
  -h, --help              this help

Exit status: 0 every record located, 1 something needs review, 2 a report
could not be read or the reports do not belong together.
`;

export const INIT_HELP = `Usage: citegate init [options]

Starts citegate in a repository with a folder of source texts. Writes
citegate.yml, which lists every text file under the folder as a source (its
id from its file name, pinned to its SHA-256, retrieved today) and where the
citation files go (answers/**/*.{json,jsonl,yaml,yml}), and
answers/example.json, one record that quotes a source and passes. Then
prints the next steps. It writes over nothing: if either file is there, it
writes neither.

Options:
  --sources DIR           the folder of the source texts (default: sources in
                          the root)
  --root DIR              the repository (default: the current folder)
  -h, --help              this help

Exit status: 0 written, 2 nothing written (a file is there already, or no
text to list or quote).
`;
