import type {
  SlipDesk,
  SlipKind,
  SlipKindCounts,
  SlipRowInput,
} from '../../../../domain/slip-desk/contracts';
import { SLIP_DESK_MESSAGES as M, noSlipCounts, SLIP_COLUMNS } from '../../../../domain/slip-desk/messages';

/** One row of the grid as typed: members by the name the type-ahead offered. */
export interface DeskRow {
  key: string;
  kind: SlipKind;
  from: string;
  to: string;
  amount: string;
  customer: string;
  note: string;
}

/** What the desk keeps in the browser until saved: its rows and the key the next save goes under. */
export interface DeskDraft {
  batchKey: string;
  rows: DeskRow[];
}

export const newRow = (kind: SlipKind = 'referral'): DeskRow => ({
  key: crypto.randomUUID(),
  kind,
  from: '',
  to: '',
  amount: '',
  customer: '',
  note: '',
});

export const newDraft = (): DeskDraft => ({ batchKey: crypto.randomUUID(), rows: [newRow()] });

/** A row nothing was typed in yet: left out of the save and the counts. */
export const isBlank = (row: DeskRow) => !row.from && !row.to && !row.amount && !row.customer && !row.note;

/**
 * The name each member is offered under in the type-ahead, and back: a name two members share is told apart
 * by the business ("Sam Lee (Lee Plumbing)"), so each label names one member.
 */
export function memberLabels(members: SlipDesk['members']) {
  const seen = new Map<string, number>();
  for (const m of members) seen.set(m.name.toLowerCase(), (seen.get(m.name.toLowerCase()) ?? 0) + 1);
  const labels = members.map((m) => ({
    id: m.id,
    label:
      (seen.get(m.name.toLowerCase()) ?? 0) > 1 && m.businessName ? `${m.name} (${m.businessName})` : m.name,
  }));
  const byLabel = new Map(labels.map((l) => [l.label.toLowerCase(), l.id]));
  return { labels, idOf: (label: string) => byLabel.get(label.trim().toLowerCase()) };
}

/** How many slips of each kind the grid holds (blank rows aside), shown as it is typed. */
export function countKinds(rows: DeskRow[]): SlipKindCounts {
  const counts = noSlipCounts();
  for (const row of rows) if (!isBlank(row)) counts[row.kind] += 1;
  return counts;
}

/**
 * The save's rows, members turned into ids. A name no member goes by is refused here, on its cell
 * (`rows.N.from`), before anything is sent; the rest the server checks and names the same way.
 */
export function toPayload(rows: DeskRow[], idOf: (label: string) => string | undefined) {
  const errors: Record<string, string> = {};
  const kept = rows.filter((row) => !isBlank(row));
  const payload: SlipRowInput[] = kept.map((row, index) => {
    const columns = SLIP_COLUMNS[row.kind];
    const member = (field: 'from' | 'to') => {
      const label = row[field];
      if (!label) return null;
      const id = idOf(label);
      if (!id) errors[`rows.${index}.${field}`] = M.notInChapter;
      return id ?? null;
    };
    return {
      kind: row.kind,
      fromMemberId: member('from'),
      toMemberId: columns.to ? member('to') : null,
      amount: columns.amount ? row.amount || null : null,
      customer: columns.customer ? row.customer || null : null,
      note: row.note || null,
    };
  });
  return { kept, payload, errors };
}

/** The server's field names for a row's cells, as the grid names them. */
const CELL_OF: Record<string, keyof DeskRow> = {
  kind: 'kind',
  fromMemberId: 'from',
  toMemberId: 'to',
  amount: 'amount',
  customer: 'customer',
  note: 'note',
};

/** A refusal's `rows.N.field` keys as the grid's own (`rows.N.from`), so each lands on its cell. */
export function cellErrors(fieldErrors: Record<string, string[]> | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const [, index, field] = key.split('.');
    if (index !== undefined && field && CELL_OF[field] && messages[0])
      errors[`rows.${index}.${CELL_OF[field]}`] = messages[0];
  }
  return errors;
}
