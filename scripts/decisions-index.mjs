// The index of docs/decisions, written from the records themselves: `npm run docs:decisions` rewrites it, and a
// test fails while the committed index differs. A record's status says which earlier ones it supersedes; the
// index shows that on both rows, so a reader of the old record finds the new one.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DECISIONS_DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));

const RECORD = /^(\d{4})-.+\.md$/;

/** Each record: number, title (its heading), file, and the numbers its status line says it supersedes. */
export function readDecisions(dir = DECISIONS_DIR) {
  return readdirSync(dir)
    .filter((file) => RECORD.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const number = file.slice(0, 4);
      const title = (text.split('\n')[0] ?? '').replace(/^#\s*\d+[.:]?\s*/, '').trim();
      const status = text.match(/^- Status: (.+)$/m)?.[1] ?? 'accepted';
      // The numbers in the clause after "supersedes" (up to a ';' or ')'): "supersedes the budgets of 0008".
      const clauses = [...status.matchAll(/supersedes ([^;)]*)/g)].map((m) => m[1]).join(' ');
      const supersedes = [...new Set([...clauses.matchAll(/\b(\d{4})\b/g)].map((m) => m[1]))];
      return { number, title, file, status, supersedes, updateSections: /^## Update/m.test(text) };
    });
}

export function decisionsIndex(records = readDecisions()) {
  const supersededBy = new Map();
  for (const record of records) {
    for (const older of record.supersedes)
      supersededBy.set(older, [...(supersededBy.get(older) ?? []), record.number]);
  }
  const rows = records.map((record) => {
    const notes = [];
    if (record.supersedes.length > 0) notes.push(`supersedes ${record.supersedes.join(', ')}`);
    const newer = supersededBy.get(record.number);
    if (newer) notes.push(`superseded in part by ${newer.join(', ')}`);
    return `| ${record.number} | [${record.title}](${record.file}) | ${['accepted', ...notes].join('; ')} |`;
  });
  return `# Decisions

Short records of the choices a newcomer would question: the context, what was decided, and what follows from it.

- One decision per file, \`NNNN-a-title-that-says-it.md\`, numbered in order and never renumbered.
- A decision is not edited to say something new. A later one that replaces it, wholly or in part, says
  "supersedes NNNN" on its status line, and the older one's status line names the newer one.
- A long design note (how a mechanism works, its measurements) goes under [docs/design](../design); the decision
  links to it.
- This index is written from the records: \`npm run docs:decisions\` (a test fails while it is out of date).

| #    | decision | status |
| ---- | -------- | ------ |
${rows.join('\n')}
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(join(DECISIONS_DIR, 'README.md'), decisionsIndex());
}
