import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, decisionsIndex, readDecisions } from './decisions-index.mjs';

describe('the decisions index', () => {
  it('is the one the records write (npm run docs:decisions)', () => {
    expect(readFileSync(join(DECISIONS_DIR, 'README.md'), 'utf8')).toBe(decisionsIndex());
  });

  it('keeps records whole: no appended "Update" sections, a superseded record names its successor', () => {
    const records = readDecisions();
    expect(records.filter((r) => r.updateSections).map((r) => r.file)).toEqual([]);
    const unnamed = records.flatMap((newer) =>
      newer.supersedes
        .map((number) => records.find((r) => r.number === number))
        .filter((older) => older === undefined || !older.status.includes(newer.number))
        .map((older) => `${newer.number} -> ${older?.number ?? 'missing'}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('reads supersession from the clause after "supersedes" only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
    writeFileSync(join(dir, '0001-old.md'), '# 1. Old\n\n- Status: accepted; superseded by 0002\n');
    writeFileSync(
      join(dir, '0002-new.md'),
      '# 0002: New\n\n- Status: accepted (supersedes the rule of 0001; 0003 is unrelated)\n',
    );
    writeFileSync(join(dir, '0003-other.md'), '# 0003. Other\n\nNo status line.\n\n## Update\nlater\n');
    expect(
      readDecisions(dir).map(({ number, title, supersedes, updateSections }) => ({
        number,
        title,
        supersedes,
        updateSections,
      })),
    ).toEqual([
      { number: '0001', title: 'Old', supersedes: [], updateSections: false },
      { number: '0002', title: 'New', supersedes: ['0001'], updateSections: false },
      { number: '0003', title: 'Other', supersedes: [], updateSections: true },
    ]);
    expect(decisionsIndex(readDecisions(dir))).toContain(
      '| 0001 | [Old](0001-old.md) | accepted; superseded in part by 0002 |',
    );
  });
});
