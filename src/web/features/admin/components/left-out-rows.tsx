import { Button } from '../../../components/ui/button';
import { saveTextFile } from '../../../lib/save-file';

/** The rows an import left out: how many, and their file (the uploaded file's cells with a Reasons column). */
export interface LeftOut {
  rows: number;
  csv: string;
  filename: string;
}

const n = (value: number) => value.toLocaleString('en-US');
const rowsOf = (count: number) => `${n(count)} row${count === 1 ? '' : 's'}`;

/** "roster.xlsx" → "roster-refused.csv": the download is always a CSV, whatever was uploaded. */
export const refusedFileName = (uploaded: string) =>
  `${uploaded.replace(/\.[^.]*$/, '') || 'import'}-refused.csv`;

/** The second way through a file with errors, beside fixing it and importing it whole. */
export const leaveOutLabel = (good: number, refused: number) =>
  `Import the ${n(good)} good row${good === 1 ? '' : 's'} and download the ${n(refused)} with ${refused === 1 ? 'its' : 'their'} reasons`;

export const leaveOutChoice = (good: number, refused: number) =>
  `${rowsOf(refused)} ${refused === 1 ? 'has' : 'have'} errors. Fix ${refused === 1 ? 'it' : 'them'} in the file and upload it again to import every row at once, or import the ${rowsOf(good)} without errors now and fix the others later.`;

/** After an import that left rows out: what happened to them, and their file once more. */
export function LeftOutNotice({ leftOut }: { leftOut: LeftOut }) {
  const download = () => saveTextFile(leftOut.filename, leftOut.csv);
  return (
    <div
      role="status"
      data-testid="import-left-out"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900"
    >
      <p>
        {rowsOf(leftOut.rows)} with errors {leftOut.rows === 1 ? 'was' : 'were'} left out. They were
        downloaded as {leftOut.filename}, with a Reasons column: fix them there and upload that file.
      </p>
      <Button variant="outline" size="sm" onClick={download}>
        Download {leftOut.filename} again
      </Button>
    </div>
  );
}
