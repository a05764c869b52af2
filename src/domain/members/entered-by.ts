// No zod here: the desk's messages and every list's row read these; the schema is in entered-by-schema.ts.
import { roleDisplayName } from '../roles/roles';
import { displayName, type NamedPerson } from './display-name';

/**
 * Who keyed a record in on its member's behalf (leadership at the slips desk, from a paper slip), as every list
 * of such records shows it; null when the member entered it themselves.
 */
export type EnteredBy = { name: string; role: string } | null;

/** The person who entered it, read beside the record (a left join: null fields when no one did). */
export const toEnteredBy = (person: NamedPerson & { role: string | null }): EnteredBy =>
  person.role ? { name: displayName(person), role: roleDisplayName(person.role) } : null;

/** "Entered by Priya Raman, Leadership". */
export const enteredByLine = (entered: { name: string; role: string }) =>
  `Entered by ${entered.name}, ${entered.role}`;
