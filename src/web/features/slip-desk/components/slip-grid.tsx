import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import {
  SLIP_COLUMNS,
  SLIP_KIND_LABELS,
  SLIP_KINDS,
  type SlipKind,
} from '../../../../domain/slip-desk/messages';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/form-controls';
import { Input, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import type { DeskRow } from './desk-rows';

const MEMBER_LIST_ID = 'desk-members';
const VISITOR_LIST_ID = 'desk-visitors';
/** The columns at 640 px and wider; below, each slip is a card with its labels shown. */
const GRID = 'sm:grid sm:grid-cols-[9.5rem_1fr_1fr_6.5rem_1fr_1.4fr_2.75rem] sm:items-start sm:gap-2';
const HEADERS = ['Kind', 'From', 'To', 'Amount', 'Customer / visitor', 'Note', ''];

type Cell = Exclude<keyof DeskRow, 'key'>;

/**
 * The desk's grid: one slip a row, keyboard first. Members and visitors come from type-ahead lists; Enter in
 * a row goes to the next one, adding it after the last; a cell a kind does not read stays empty and disabled.
 */
export function SlipGrid({
  rows,
  members,
  visitors,
  errors,
  onChange,
  onAdd,
  onRemove,
  focusKey,
}: {
  rows: DeskRow[];
  members: string[];
  visitors: string[];
  /** Messages by `<row key>.<cell>`. */
  errors: Record<string, string>;
  onChange: (key: string, cell: Cell, value: string) => void;
  onAdd: (afterKey: string) => void;
  onRemove: (key: string) => void;
  /** The row whose kind takes the focus once drawn (the one Enter moved to). */
  focusKey: string | null;
}) {
  const kinds = useRef(new Map<string, HTMLSelectElement>());
  useEffect(() => {
    if (focusKey) kinds.current.get(focusKey)?.focus();
  }, [focusKey]);

  const onEnter = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'Enter' || event.target instanceof HTMLButtonElement) return;
    event.preventDefault();
    const next = rows[index + 1];
    if (next) kinds.current.get(next.key)?.focus();
    else onAdd(rows[index]!.key);
  };

  return (
    <div>
      <datalist id={MEMBER_LIST_ID}>
        {members.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <datalist id={VISITOR_LIST_ID}>
        {visitors.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div aria-hidden className={cn('hidden px-3 pb-1 text-xs font-semibold text-slate-600 sm:grid', GRID)}>
        <span className="sr-only">Slip</span>
        {HEADERS.map((h) => (
          <span key={h || 'remove'}>{h}</span>
        ))}
      </div>
      <ol className="space-y-3 sm:space-y-1" aria-label="Slips">
        {rows.map((row, index) => (
          <li
            key={row.key}
            className={cn('rounded-lg border border-slate-200 bg-white p-3 sm:p-2', GRID)}
            onKeyDown={(event) => onEnter(event, index)}
          >
            <SlipCells
              row={row}
              number={index + 1}
              errors={errors}
              onChange={onChange}
              onRemove={onRemove}
              kindRef={(el) => {
                if (el) kinds.current.set(row.key, el);
                else kinds.current.delete(row.key);
              }}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

function SlipCells({
  row,
  number,
  errors,
  onChange,
  onRemove,
  kindRef,
}: {
  row: DeskRow;
  number: number;
  errors: Record<string, string>;
  onChange: (key: string, cell: Cell, value: string) => void;
  onRemove: (key: string) => void;
  kindRef: (el: HTMLSelectElement | null) => void;
}) {
  const columns = SLIP_COLUMNS[row.kind];
  const id = (cell: Cell) => `slip-${row.key}-${cell}`;
  const field = (cell: Cell, label: string, enabled: boolean, list?: string, inputMode?: 'decimal') => {
    const message = errors[`${row.key}.${cell}`];
    if (!enabled) return <span className="hidden sm:block" aria-hidden />;
    return (
      <div className="mt-2 sm:mt-0">
        <Label htmlFor={id(cell)} className="sm:sr-only">
          {label}
          <span className="sr-only">, slip {number}</span>
        </Label>
        <Input
          id={id(cell)}
          list={list}
          inputMode={inputMode}
          autoComplete="off"
          value={row[cell]}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id(cell)}-error` : undefined}
          onChange={(e) => onChange(row.key, cell, e.target.value)}
        />
        {message && (
          <p id={`${id(cell)}-error`} className="mt-1 text-sm text-red-700">
            {message}
          </p>
        )}
      </div>
    );
  };
  return (
    <>
      <p aria-hidden className="mb-1 text-sm font-semibold text-slate-900 sm:hidden">
        Slip {number}
      </p>
      <div>
        <Label htmlFor={id('kind')} className="sm:sr-only">
          Kind<span className="sr-only">, slip {number}</span>
        </Label>
        <NativeSelect
          id={id('kind')}
          ref={kindRef}
          value={row.kind}
          onChange={(e) => onChange(row.key, 'kind', e.target.value as SlipKind)}
        >
          {SLIP_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {SLIP_KIND_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {field('from', 'From', true, MEMBER_LIST_ID)}
      {field('to', 'To', columns.to, MEMBER_LIST_ID)}
      {field('amount', 'Amount', columns.amount, undefined, 'decimal')}
      {field(
        'customer',
        row.kind === 'visitor' ? 'Visitor' : 'Customer',
        columns.customer,
        row.kind === 'visitor' ? VISITOR_LIST_ID : undefined,
      )}
      {field(
        'note',
        row.kind === 'ceu' ? 'What it was' : row.kind === 'testimonial' ? 'Testimonial' : 'Note',
        true,
      )}
      <div className="mt-2 flex justify-end sm:mt-0">
        <Button
          type="button"
          variant="ghost"
          className="min-h-10 min-w-10 px-2"
          aria-label={`Remove slip ${number}`}
          onClick={() => onRemove(row.key)}
        >
          <X aria-hidden className="size-4" />
        </Button>
      </div>
    </>
  );
}
