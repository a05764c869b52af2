import { useId, useState } from 'react';
import type { Chapter } from '../../../../domain/chapters/contracts';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/form-controls';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useChapterMembers, useSetChapterAdmin } from '../api/chapter-queries';

/** A chapter's network administrators: removed one by one, added from the chapter's own members. */
export function ChapterAdmins({ chapter }: { chapter: Chapter }) {
  const selectId = useId();
  const [picked, setPicked] = useState('');
  const [adding, setAdding] = useState(false);
  const members = useChapterMembers(adding ? chapter.id : null);
  const setAdmin = useSetChapterAdmin();
  const change = (userId: string, on: boolean, name: string) =>
    setAdmin.mutate(
      { chapterId: chapter.id, userId, on },
      {
        onSuccess: () => {
          toast({
            title: 'Success',
            description: on
              ? `${name} is now a Network Administrator of ${chapter.name}.`
              : `${name} is no longer a Network Administrator of ${chapter.name}.`,
          });
          setPicked('');
        },
        onError: (err) => toastApiError(err, 'Failed to change the chapter administrators'),
      },
    );
  const candidates = (members.data ?? []).filter((m) => m.role === 'MEMBER' || m.role === 'LEADERSHIP');
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-900">Network administrators</h4>
      {chapter.admins.length === 0 ? (
        <p className="text-sm text-slate-600">No network administrator yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {chapter.admins.map((admin) => (
            <li
              key={admin.id}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm"
            >
              {admin.name}
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2"
                aria-label={`Remove ${admin.name} as network administrator`}
                disabled={setAdmin.isPending}
                onClick={() => change(admin.id, false, admin.name)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-56 flex-1">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
              Member of {chapter.name}
            </label>
            <NativeSelect
              id={selectId}
              className="mt-1"
              value={picked}
              disabled={!members.data}
              onChange={(e) => setPicked(e.target.value)}
            >
              <option value="">{members.isLoading ? 'Loading members...' : 'Choose a member'}</option>
              {candidates.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </NativeSelect>
            {members.isError && (
              <p role="alert" className="mt-1 text-sm text-red-700">
                We could not load the members. Please try again.
              </p>
            )}
          </div>
          <Button
            size="sm"
            disabled={!picked || setAdmin.isPending}
            onClick={() =>
              change(picked, true, candidates.find((m) => m.id === picked)?.name ?? 'The member')
            }
          >
            Make administrator
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAdding(false)}>
            Done
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
          Add a network administrator
        </Button>
      )}
    </div>
  );
}
