import type { AttendanceStatus } from '../../../../domain/attendance/contracts';
import type { MemberChoice } from '../../../../domain/members/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { Textarea } from '../../../components/ui/form-controls';
import { Input, Label } from '../../../components/ui/input';
import { UserAvatar } from '../../../components/user-avatar';
import { StatusRadios } from './status-radios';

/** One member's mark for a meeting: a status (none until chosen), optional notes, and who stood in. */
export type Mark = {
  status?: AttendanceStatus;
  notes: string;
  substituteName?: string;
  substituteEmail?: string;
};
export type Marks = Record<string, Mark>;

/** A member's card in the meeting's editor: who, their PALMS status (a substitute named), and notes. */
export function MemberMark({
  member,
  mark,
  onMark,
}: {
  member: MemberChoice;
  mark: Mark | undefined;
  onMark: (change: Partial<Mark>) => void;
}) {
  const name = displayName(member);
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="attendance-member">
      <div className="flex items-center gap-3">
        <UserAvatar person={member} size="sm" />
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{name}</p>
          {member.businessName && <p className="truncate text-sm text-slate-600">{member.businessName}</p>}
        </div>
      </div>
      <div className="mt-2">
        <StatusRadios
          name={`status-${member.id}`}
          legend={`Attendance for ${name}`}
          value={mark?.status}
          onChange={(status) => onMark({ status })}
        />
      </div>
      {mark?.status === 'substitute' && (
        <div className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="substitute-fields">
          <div className="space-y-1">
            <Label htmlFor={`sub-name-${member.id}`}>Substitute&apos;s name</Label>
            <Input
              id={`sub-name-${member.id}`}
              value={mark.substituteName ?? ''}
              onChange={(e) => onMark({ substituteName: e.target.value })}
              autoComplete="off"
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`sub-email-${member.id}`}>Substitute&apos;s email (optional)</Label>
            <Input
              id={`sub-email-${member.id}`}
              type="email"
              value={mark.substituteEmail ?? ''}
              onChange={(e) => onMark({ substituteEmail: e.target.value })}
              autoComplete="off"
            />
          </div>
        </div>
      )}
      <Label htmlFor={`notes-${member.id}`} className="sr-only">
        Notes for {name}
      </Label>
      <Textarea
        id={`notes-${member.id}`}
        className="mt-2"
        rows={2}
        placeholder="Notes (optional)"
        value={mark?.notes ?? ''}
        onChange={(e) => onMark({ notes: e.target.value })}
      />
    </li>
  );
}
