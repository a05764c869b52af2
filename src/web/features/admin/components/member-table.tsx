import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import type { AdminUser, UserListQuery } from '../../../../domain/admin/contracts';
import { userChangeRefusal } from '../../../../domain/admin/policy';
import { attendanceBand, type Tone } from '../../../../domain/attendance/stats';
import { displayName } from '../../../../domain/members/display-name';
import { ROLE_DISPLAY_NAME, type Role } from '../../../../domain/roles/roles';
import { SortHeaderButton } from '../../../components/list/sort-header-button';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/form-controls';
import { Label } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';

type Sort = UserListQuery['sort'];

const TONE_CLASS: Record<Tone, string> = {
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-800',
};

const ROLE_VARIANT: Record<Role, 'default' | 'secondary' | 'outline' | 'success'> = {
  GUEST: 'outline',
  MEMBER: 'secondary',
  LEADERSHIP: 'success',
  NETWORK_ADMIN: 'default',
  AGENCY_ADMIN: 'default',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant={ROLE_VARIANT[role]} className="whitespace-nowrap">
      {ROLE_DISPLAY_NAME[role]}
    </Badge>
  );
}

/** The rate with its band; the member table names the lowest band 'Poor'. */
function AttendanceCell({ rate }: { rate: number | null }) {
  if (rate === null) return <span className="text-slate-500">No meetings</span>;
  const band = attendanceBand(rate, 'table');
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="font-medium tabular-nums">{Math.round(rate)}%</span>
      <span
        className={cn(
          'whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
          TONE_CLASS[band.tone],
        )}
      >
        {band.label}
      </span>
    </span>
  );
}

interface Props {
  members: AdminUser[];
  actor: { id: string; role: Role };
  sort: Sort;
  dir: 'asc' | 'desc';
  /** A column header: that column, ascending, or the other way round when it is already the sort. */
  onSort: (sort: Sort) => void;
  /** The phone's sort control: a column and a direction, each chosen outright. */
  onSortChange: (sort: Sort, dir: 'asc' | 'desc') => void;
  onEdit: (member: AdminUser) => void;
  onDelete: (member: AdminUser) => void;
}

const COLUMNS: Array<{ sort: Sort; label: string }> = [
  { sort: 'name', label: 'Member' },
  { sort: 'business', label: 'Business' },
  { sort: 'industry', label: 'Industry' },
  { sort: 'role', label: 'Role' },
  { sort: 'attendance', label: 'Attendance' },
  { sort: 'referrals', label: 'Referrals' },
];

/**
 * Edit and Delete appear only where the server would allow them (the same domain policy). In the table
 * they are icon buttons named for the member; on a card they also carry their words.
 */
function Actions({
  member,
  actor,
  onEdit,
  onDelete,
  withText,
}: Pick<Props, 'actor' | 'onEdit' | 'onDelete'> & { member: AdminUser; withText: boolean }) {
  // Agency admins are ranked above everyone who could act, so the last-admin rule never decides here.
  if (userChangeRefusal(actor, member, { agencyAdmins: 2 })) return null;
  const name = displayName(member);
  return (
    <div className="flex gap-1 whitespace-nowrap">
      <Button
        variant="ghost"
        size={withText ? 'sm' : 'icon'}
        onClick={() => onEdit(member)}
        aria-label={`Edit ${name}`}
        title="Edit"
      >
        <Pencil aria-hidden />
        {withText && 'Edit'}
      </Button>
      <Button
        variant="ghost"
        size={withText ? 'sm' : 'icon'}
        className="text-red-700 hover:bg-red-50"
        onClick={() => onDelete(member)}
        aria-label={`Delete ${name}`}
        title="Delete"
      >
        <Trash2 aria-hidden />
        {withText && 'Delete'}
      </Button>
    </div>
  );
}

const referralsText = (m: AdminUser) => `${m.referralsGiven} given / ${m.referralsReceived} received`;

/** The roster: a sortable table from 768 px, a card per member below. */
/**
 * The card layout's sort (the table is sortable; below 768 px the headers are gone): the
 * same columns as the table's headers, and the direction.
 */
function PhoneSort({ sort, dir, onSortChange }: Pick<Props, 'sort' | 'dir' | 'onSortChange'>) {
  return (
    <div className="mb-3 flex items-end gap-2 md:hidden" data-testid="member-sort">
      <div className="min-w-0 flex-1 space-y-1">
        <Label htmlFor="member-sort-by">Sort by</Label>
        <NativeSelect
          id="member-sort-by"
          value={sort}
          onChange={(e) => onSortChange(e.target.value as Sort, dir)}
        >
          {COLUMNS.map((c) => (
            <option key={c.sort} value={c.sort}>
              {c.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button
        variant="outline"
        onClick={() => onSortChange(sort, dir === 'asc' ? 'desc' : 'asc')}
        aria-label={dir === 'asc' ? 'Ascending; sort descending' : 'Descending; sort ascending'}
      >
        {dir === 'asc' ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
        {dir === 'asc' ? 'Ascending' : 'Descending'}
      </Button>
    </div>
  );
}

export function MemberTable({ members, actor, sort, dir, onSort, onSortChange, onEdit, onDelete }: Props) {
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {COLUMNS.map((c) => {
              const active = c.sort === sort;
              return (
                <th
                  key={c.sort}
                  scope="col"
                  className="py-2 pr-3 font-medium"
                  aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <SortHeaderButton active={active} dir={dir} onClick={() => onSort(c.sort)}>
                    {c.label}
                  </SortHeaderButton>
                </th>
              );
            })}
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {members.map((m) => (
            <tr key={m.id} data-testid="member-row">
              <td className="py-3 pr-3">
                <div className="font-medium text-slate-900">{displayName(m)}</div>
                <div className="text-xs text-slate-600">{m.email}</div>
              </td>
              <td className="py-3 pr-3">{m.businessName ?? '—'}</td>
              <td className="py-3 pr-3">{m.industry ?? '—'}</td>
              <td className="py-3 pr-3">
                <RoleBadge role={m.role} />
              </td>
              <td className="py-3 pr-3">
                <AttendanceCell rate={m.attendanceRate} />
              </td>
              <td className="py-3 pr-3 tabular-nums">{referralsText(m)}</td>
              <td className="py-3">
                <Actions member={m} actor={actor} onEdit={onEdit} onDelete={onDelete} withText={false} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <PhoneSort sort={sort} dir={dir} onSortChange={onSortChange} />
      <ul className="space-y-3 md:hidden">
        {members.map((m) => (
          <li key={m.id} data-testid="member-card" className="rounded-lg border border-slate-200 p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{displayName(m)}</p>
                <p className="text-xs text-slate-600">{m.email}</p>
              </div>
              <RoleBadge role={m.role} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">Business</dt>
              <dd>{m.businessName ?? '—'}</dd>
              <dt className="text-slate-600">Industry</dt>
              <dd>{m.industry ?? '—'}</dd>
              <dt className="text-slate-600">Attendance</dt>
              <dd>
                <AttendanceCell rate={m.attendanceRate} />
              </dd>
              <dt className="text-slate-600">Referrals</dt>
              <dd>{referralsText(m)}</dd>
            </dl>
            <div className="mt-2 flex justify-end">
              <Actions member={m} actor={actor} onEdit={onEdit} onDelete={onDelete} withText />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
