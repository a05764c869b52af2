import { Download } from 'lucide-react';
import { useState } from 'react';
import { type AdminUser, USER_SORTS, type UserListQuery } from '../../../../domain/admin/contracts';
import type { AuthUser } from '../../../../domain/auth/contracts';
import { industryOptions } from '../../../../domain/members/directory-filter';
import { displayName } from '../../../../domain/members/display-name';
import { MEMBER_TABLE_PAGE_SIZE } from '../../../../domain/network/constants';
import { asPeriod, PERIOD_LABELS, PERIODS } from '../../../../domain/periods/periods';
import { isRole, ROLE_DISPLAY_NAME, ROLES } from '../../../../domain/roles/roles';
import { Pager } from '../../../components/list/pager';
import { pageCountOf, showingRange } from '../../../components/list/pager-window';
import { QueryState } from '../../../components/list/query-state';
import { buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { NativeSelect } from '../../../components/ui/form-controls';
import { Label, SearchInput } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { withActingChapter } from '../../../lib/acting-chapter';
import { toastApiError } from '../../../lib/toast-api-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUrlState } from '../../../lib/use-url-state';
import { usePublicIndustries } from '../../directory';
import { rosterParams, useDeleteUser, useUsersPage } from '../api/admin-queries';
import { FIRST_ROSTER_PAGE, rosterPageTarget } from '../lib/roster-paging';
import { EditMemberDialog } from './edit-member-dialog';
import { MemberTable } from './member-table';

/** Search, filters, sort and page live in the address, so a view survives a reload and can be shared. */
const ROSTER_URL_STATE = {
  q: '',
  role: '',
  industry: '',
  period: 'all',
  sort: 'name',
  dir: 'asc',
  ...FIRST_ROSTER_PAGE,
};

const asSort = (value: string): UserListQuery['sort'] =>
  (USER_SORTS as readonly string[]).includes(value) ? (value as UserListQuery['sort']) : 'name';

function RosterSkeleton() {
  return (
    <div className="space-y-3">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

/** The dashboard's User Management tab (network admins and above). */
export default function UserManagementTab({ user }: { user: AuthUser }) {
  const [state, update] = useUrlState(ROSTER_URL_STATE);
  const search = useDebouncedValue(state.q, 250);
  const query: Partial<UserListQuery> = {
    q: search,
    role: isRole(state.role) ? state.role : undefined,
    industry: state.industry,
    sort: asSort(state.sort),
    dir: state.dir === 'desc' ? 'desc' : 'asc',
    period: asPeriod(state.period),
    page: state.page,
    cursor: state.at || undefined,
    skip: state.skip,
  };
  const roster = useUsersPage(query);
  const industries = usePublicIndustries();
  const industryNames = industryOptions((industries.data ?? []).map((i) => i.name));
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const remove = useDeleteUser();

  const sortBy = (sort: UserListQuery['sort']) =>
    update({ sort, dir: sort === query.sort && query.dir === 'asc' ? 'desc' : 'asc', ...FIRST_ROSTER_PAGE });
  const exportParams = new URLSearchParams(
    rosterParams({ ...query, page: 1, cursor: undefined, skip: 0 }),
  ).toString();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({
          title: 'Member Deleted',
          description: 'The member has been successfully removed from the database.',
        });
        setDeleting(null);
      },
      onError: (err) => toastApiError(err, 'Failed to delete member', 'Delete Failed'),
    });
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>User Management</CardTitle>
        <a
          href={withActingChapter(`/api/users/export.csv${exportParams ? `?${exportParams}` : ''}`)}
          download
          className={buttonClass({ variant: 'outline', size: 'sm' })}
        >
          <Download aria-hidden /> Export CSV
        </a>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 md:grid-cols-[1fr_10rem_12rem_11rem]">
          <SearchInput
            id="roster-search"
            label="Search members"
            placeholder="Search name, business, email"
            value={state.q}
            onChange={(e) => update({ q: e.target.value, ...FIRST_ROSTER_PAGE })}
          />
          <div>
            <Label htmlFor="roster-role" className="sr-only">
              Role
            </Label>
            <NativeSelect
              id="roster-role"
              value={state.role}
              onChange={(e) => update({ role: e.target.value, ...FIRST_ROSTER_PAGE })}
            >
              <option value="">All Roles</option>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_DISPLAY_NAME[role]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor="roster-industry" className="sr-only">
              Industry
            </Label>
            <NativeSelect
              id="roster-industry"
              value={state.industry}
              onChange={(e) => update({ industry: e.target.value, ...FIRST_ROSTER_PAGE })}
            >
              <option value="">All Industries</option>
              {state.industry && !industryNames.includes(state.industry) && (
                <option value={state.industry}>{state.industry}</option>
              )}
              {industryNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor="roster-period" className="sr-only">
              Attendance and referrals over
            </Label>
            <NativeSelect
              id="roster-period"
              value={query.period}
              onChange={(e) => update({ period: e.target.value, ...FIRST_ROSTER_PAGE })}
            >
              {PERIODS.map((period) => (
                <option key={period} value={period}>
                  {PERIOD_LABELS[period]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>

        <QueryState
          query={roster}
          loading={<RosterSkeleton />}
          error="We could not load the members. Please try again."
          empty="No members found matching your filters"
          isEmpty={(page) => page.items.length === 0}
        >
          {(page) => (
            <div
              aria-busy={roster.isFetching}
              className={roster.isPlaceholderData ? 'opacity-60' : undefined}
            >
              <MemberTable
                members={page.items}
                actor={user}
                sort={query.sort ?? 'name'}
                dir={query.dir ?? 'asc'}
                onSort={sortBy}
                onSortChange={(sort, dir) => update({ sort, dir, ...FIRST_ROSTER_PAGE })}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
              <Pager
                page={page.pageNumber}
                pageSize={MEMBER_TABLE_PAGE_SIZE}
                total={page.total}
                onPage={(n) =>
                  update(
                    rosterPageTarget(
                      n,
                      page.pageNumber,
                      pageCountOf(page.total, MEMBER_TABLE_PAGE_SIZE),
                      page,
                    ),
                  )
                }
                label="Member pages"
                noun="members"
              />
              {page.total <= MEMBER_TABLE_PAGE_SIZE && (
                <p className="mt-6 text-center text-sm text-slate-600">
                  {showingRange(1, MEMBER_TABLE_PAGE_SIZE, page.total, 'members')}
                </p>
              )}
            </div>
          )}
        </QueryState>
      </CardContent>

      {editing && (
        <EditMemberDialog
          member={editing}
          actorRole={user.role}
          industries={industryNames}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Member"
        description={
          deleting && (
            <>
              This permanently removes {displayName(deleting)}: their account, profile, applications and
              attendance records. Referrals they were part of stay with the other member, shown as 'Former
              member'. This cannot be undone.
            </>
          )
        }
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete Member'}
        onConfirm={confirmDelete}
        destructive
        busy={remove.isPending}
      />
    </Card>
  );
}
