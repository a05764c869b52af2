import { type EnteredBy, enteredByLine } from '../../domain/members/entered-by';

/** "Entered by Priya Raman, Leadership" under a record leadership keyed in from a paper slip; nothing otherwise. */
export function EnteredByNote({ enteredBy }: { enteredBy: EnteredBy | undefined }) {
  if (!enteredBy) return null;
  return (
    <p className="text-xs text-slate-600" data-testid="entered-by">
      {enteredByLine(enteredBy)}
    </p>
  );
}
