import type { MemberChoice } from '../../../../domain/members/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { formatDate } from '../../../lib/dates';

/** A printable sign-in sheet for a meeting: names, businesses and a box per status (only on paper). */
export function PrintSheet({ date, members }: { date: string; members: MemberChoice[] }) {
  return (
    <section className="hidden print:block" aria-hidden>
      <h2 className="text-xl font-bold">Attendance — {formatDate(date, 'long')}</h2>
      <table className="mt-4 w-full border-collapse text-sm">
        <thead>
          <tr>
            {['Member', 'Business', 'Present', 'Absent', 'Excused'].map((h) => (
              <th key={h} className="border border-slate-400 p-1 text-left">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.id}>
              <td className="border border-slate-400 p-1">{displayName(m)}</td>
              <td className="border border-slate-400 p-1">{m.businessName}</td>
              {['present', 'absent', 'excused'].map((s) => (
                <td key={s} className="border border-slate-400 p-1">
                  ☐
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
