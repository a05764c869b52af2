import { readFile, writeFile } from 'node:fs/promises';
import { IMPORT_KINDS, type ImportKind, type ImportMapping } from '../../domain/imports/contracts';
import { guessMapping, IMPORT_FIELDS } from '../../domain/imports/fields';
import { HttpError } from '../lib/http-error';
import type { Importer } from '../modules/imports/plan-rows';
import { previewTable } from '../modules/imports/preview-table';
import { readTable } from '../modules/imports/read-table';
import { commitImport, previewImport } from '../modules/imports/run-import';
import { withCommandDatabase } from './command-database';

const USAGE = `Usage:
  npm run import -- <${IMPORT_KINDS.join('|')}> <file.csv|file.xlsx> [--dry-run] [--leave-out <refused.csv>]
    [--column <field>=<header>]...
Prints the preview (every row, with its errors); without --dry-run, then imports the file in one
transaction, or nothing when any row has an error. --leave-out imports the good rows only and writes the
rows with errors, with their reasons, to the file it names. Columns are matched by their headers; --column
names the header for a field the guess missed (fields: ${Object.entries(IMPORT_FIELDS)
  .map(([kind, fields]) => `${kind}: ${fields.map((f) => f.key).join(', ')}`)
  .join('; ')}). Uses DATABASE_URL (or DATA_DIR).`;

/** The operator has every role, as `npm run admin` does; the audit log names the command line. */
const OPERATOR: Importer = { id: null, role: 'AGENCY_ADMIN', chapterId: null };

function parseArgs(argv: string[]) {
  const [kind, file, ...rest] = argv;
  if (!IMPORT_KINDS.includes(kind as ImportKind) || !file) return undefined;
  const columns: [string, string][] = [];
  let dryRun = false;
  let refusedTo: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--dry-run') dryRun = true;
    else if (rest[i] === '--leave-out' && rest[i + 1] && !rest[i + 1]!.startsWith('--'))
      refusedTo = rest[++i];
    else if (rest[i] === '--column' && rest[i + 1]?.includes('=')) {
      const [field, ...header] = rest[++i]!.split('=');
      columns.push([field!, header.join('=')]);
    } else return undefined;
  }
  return { kind: kind as ImportKind, file, dryRun, columns, refusedTo };
}

const args = parseArgs(process.argv.slice(2));
if (!args) {
  console.error(USAGE);
  process.exit(process.argv[2] === undefined || process.argv[2] === '--help' ? 0 : 1);
}
const bytes = await readFile(args.file).catch((err: NodeJS.ErrnoException) => {
  console.error(`Cannot read ${args.file}: ${err.code ?? err.message}`);
  process.exit(1);
});
await withCommandDatabase(async (handle) => {
  try {
    // The guess from the headers; --column then points a field at a header by name.
    const { headers } = await readTable(bytes);
    let mapping: ImportMapping = guessMapping(args.kind, headers);
    for (const [field, header] of args.columns) {
      const column = headers.indexOf(header);
      if (column < 0) throw new HttpError('VALIDATION', `No column is headed "${header}".`);
      mapping = { ...mapping, [field]: column };
    }
    const preview = await previewImport(handle.db, OPERATOR, args.kind, bytes, mapping);
    for (const line of previewTable(preview)) console.log(line);
    const { errors } = preview.counts;
    if (preview.missing.length > 0 || (errors > 0 && !args.refusedTo)) {
      console.error(
        'Nothing was imported: fix the rows above (or choose columns with --column) and run it again, or import the good rows with --leave-out <refused.csv>.',
      );
      process.exitCode = 1;
    } else if (args.dryRun) console.log('Dry run: nothing was written.');
    else {
      const name = args.file.split(/[\\/]/).pop();
      const leaveOut = errors > 0 ? errors : undefined;
      const { counts, refusedCsv } = await commitImport(handle.db, OPERATOR, args.kind, {
        bytes,
        mapping,
        filename: name,
        leaveOut,
      });
      console.log(`Imported: ${counts.create} new, ${counts.update} updated, ${counts.unchanged} unchanged.`);
      if (refusedCsv && args.refusedTo) {
        await writeFile(args.refusedTo, refusedCsv);
        const rows = `${counts.errors} row${counts.errors === 1 ? '' : 's'}`;
        console.log(`Left out ${rows} with errors: written with their reasons to ${args.refusedTo}.`);
      }
    }
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
});
