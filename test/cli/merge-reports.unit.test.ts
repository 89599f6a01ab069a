// merge-reports finding a value of a report again, to name where it is, when
// the reports do not belong together: only in the file it read.
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stampOf, whereIn } from '../../src/cli/merge-reports.js';

describe('a report read again to name where a value is', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'citegate-where-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'r.json');
  const stamped = (text: string) => {
    writeFileSync(file, text);
    const fd = openSync(file, 'r');
    try {
      return stampOf(fd);
    } finally {
      closeSync(fd);
    }
  };

  it('names the place in the file it read', () => {
    const stamp = stamped('{\n  "shard": {"index": 1, "count": 2}\n}\n');
    expect(whereIn(file, stamp, ['shard', 'count'])).toEqual({ line: 2, column: 34 });
  });

  it('names none in a file written since, or gone', () => {
    const stamp = stamped('{\n  "shard": {"index": 1, "count": 2}\n}\n');
    writeFileSync(file, '{"shard": {"index": 1, "count": 2}}\n');
    expect(whereIn(file, stamp, ['shard', 'count'])).toBeUndefined();
    rmSync(file);
    expect(whereIn(file, stamp, ['shard', 'count'])).toBeUndefined();
  });
});
