import { useId, useState } from 'react';
import type { Chapter } from '../../../../domain/chapters/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { NativeSelect } from '../../../components/ui/form-controls';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useChapterMembers, useMoveMember } from '../api/chapter-queries';

/**
 * Moves a member to another chapter with their history (attendance, application, notifications). Their
 * seat is freed; their referrals stay theirs.
 */
export function MoveMemberCard({ chapters }: { chapters: Chapter[] }) {
  const ids = { from: useId(), member: useId(), to: useId() };
  const [from, setFrom] = useState(chapters[0]?.id ?? '');
  const [memberId, setMemberId] = useState('');
  const [to, setTo] = useState('');
  const members = useChapterMembers(from || null);
  const move = useMoveMember();
  const member = members.data?.find((m) => m.id === memberId);
  const destination = chapters.find((c) => c.id === to);
  const submit = () => {
    if (!member || !destination) return;
    move.mutate(
      { userId: member.id, chapterId: destination.id },
      {
        onSuccess: (result) => {
          toast({
            title: 'Success',
            description: result.industryCleared
              ? `${member.name} moved to ${destination.name}. Their industry's seat is taken there, so they need a new industry.`
              : `${member.name} moved to ${destination.name}.`,
          });
          setMemberId('');
        },
        onError: (err) => toastApiError(err, 'Failed to move the member'),
      },
    );
  };
  return (
    <Card data-testid="move-member">
      <CardHeader>
        <CardTitle>Move a member</CardTitle>
        <CardDescription>
          Their attendance and application go with them; their seat is freed and their referrals stay theirs.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-4 sm:items-end">
        <div>
          <label htmlFor={ids.from} className="text-sm font-medium text-slate-700">
            From chapter
          </label>
          <NativeSelect
            id={ids.from}
            className="mt-1"
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              setMemberId('');
            }}
          >
            {chapters.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <label htmlFor={ids.member} className="text-sm font-medium text-slate-700">
            Member
          </label>
          <NativeSelect
            id={ids.member}
            className="mt-1"
            value={memberId}
            disabled={!members.data}
            onChange={(e) => setMemberId(e.target.value)}
          >
            <option value="">{members.isLoading ? 'Loading members...' : 'Choose a member'}</option>
            {members.data
              ?.filter((m) => m.role !== 'AGENCY_ADMIN')
              .map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
          </NativeSelect>
        </div>
        <div>
          <label htmlFor={ids.to} className="text-sm font-medium text-slate-700">
            To chapter
          </label>
          <NativeSelect id={ids.to} className="mt-1" value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="">Choose a chapter</option>
            {chapters
              .filter((c) => c.id !== from)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
          </NativeSelect>
        </div>
        <Button
          disabled={!member || !destination || move.isPending}
          pending={move.isPending}
          onClick={submit}
        >
          Move member
        </Button>
        {members.isError && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-4">
            We could not load the members. Please try again.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
