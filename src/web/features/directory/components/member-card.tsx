import { Eye } from 'lucide-react';
import { Link } from 'wouter';
import type { PublicMember } from '../../../../domain/members/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { UserAvatar } from '../../../components/user-avatar';
import { OneToOneLinks } from '../../one-to-ones';
import { GiveReferralLink } from './give-referral-link';
import { ContactDialog, ShareDialog } from './member-dialogs';

/** `showChapter`: the agency has several chapters, so each card says which one the member meets with. */
export function MemberCard({ member, showChapter = false }: { member: PublicMember; showChapter?: boolean }) {
  const name = displayName(member);
  return (
    <Card className="flex flex-col p-5" data-testid="member-card">
      <div className="flex items-start gap-4">
        <UserAvatar person={member} />
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-slate-900">{name}</h2>
          {member.businessName && (
            <p className="truncate text-sm font-medium text-slate-700">{member.businessName}</p>
          )}
          {member.industry && (
            <p className="mt-1 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
              {member.industry}
            </p>
          )}
          {showChapter && member.chapter && (
            <p className="mt-1 text-xs text-slate-600" data-testid="member-chapter">
              <Link
                href={`/chapters/${member.chapter.slug}`}
                className="inline-flex min-h-6 items-center underline-offset-2 hover:underline"
              >
                {member.chapter.name}
              </Link>
            </p>
          )}
        </div>
      </div>
      {member.description && <p className="mt-3 line-clamp-3 text-sm text-slate-600">{member.description}</p>}
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <ContactDialog member={member} />
        <ButtonLink size="sm" variant="outline" href={`/member/${member.slug}`}>
          <Eye aria-hidden /> View Profile
        </ButtonLink>
        <ShareDialog member={member} />
        <GiveReferralLink member={member} />
        <OneToOneLinks member={member} />
      </div>
    </Card>
  );
}

export function MemberCardSkeleton() {
  return (
    <Card className="p-5" data-testid="member-card-skeleton">
      <div className="flex gap-4">
        <Skeleton className="size-14 rounded-full!" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <Skeleton className="mt-4 h-12" />
    </Card>
  );
}
