import type { FastifyReply } from 'fastify';
import { ONE_TO_ONE_MODE_LABELS, type OneToOne } from '../../../domain/one-to-ones/contracts';
import { type RowSource, sendCsv } from '../../http/csv';

/** The export: one line per one-to-one, from the member's side. */
export function sendOneToOnesCsv(reply: FastifyReply, rows: RowSource<OneToOne>) {
  return sendCsv<OneToOne>(
    reply,
    'one-to-ones.csv',
    [
      { header: 'Date', value: (o) => o.metOn },
      { header: 'Member', value: (o) => o.other?.name ?? 'Former member' },
      { header: 'Business', value: (o) => o.other?.businessName },
      { header: 'How', value: (o) => ONE_TO_ONE_MODE_LABELS[o.mode] },
      { header: 'Place', value: (o) => o.place },
      { header: 'Minutes', value: (o) => o.minutes },
      { header: 'Status', value: (o) => (o.status === 'held' ? 'Counted' : 'Did not happen') },
      { header: 'Logged by', value: (o) => (o.loggedByMe ? 'Me' : 'The other member') },
      { header: 'What we learned', value: (o) => o.learned },
      { header: 'Next step', value: (o) => o.nextStep },
    ],
    rows,
  );
}
