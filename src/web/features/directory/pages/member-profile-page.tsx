import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useParams } from 'wouter';
import type { PublicMember } from '../../../../domain/members/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { DetailRow } from '../../../components/ui/detail-row';
import { Skeleton } from '../../../components/ui/skeleton';
import { UserAvatar } from '../../../components/user-avatar';
import { ApiError } from '../../../lib/api';
import { formatMonthYear } from '../../../lib/dates';
import { OneToOneLinks } from '../../one-to-ones';
import { ProfileTestimonials } from '../../testimonials';
import { usePublicReferralCounts } from '../api/directory-queries';
import { useMemberBySlug } from '../api/member-profile-query';
import { useSeveralChapters } from '../api/public-chapters';
import { ContactDetails } from '../components/contact-details';
import { GiveReferralLink } from '../components/give-referral-link';
import { ContactDialog, ShareDialog } from '../components/member-dialogs';
import { directoryHref } from '../last-directory-search';

const SOCIAL_LABELS = {
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
} as const;

const noSubscription = () => () => {};

function BackToDirectory() {
  // The remembered search lives in this tab's storage, which the server cannot see: the painted page
  // links the plain directory, and the browser corrects the link once it has taken the page over.
  const href = useSyncExternalStore(noSubscription, directoryHref, () => '/members');
  return (
    <ButtonLink variant="ghost" size="sm" href={href}>
      <ArrowLeft aria-hidden /> Back to Directory
    </ButtonLink>
  );
}

function Statistics({ memberId }: { memberId: string }) {
  const { data, isLoading } = usePublicReferralCounts(memberId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Statistics</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-4 text-center">
        {(['referralsGiven', 'referralsReceived'] as const).map((key) => (
          <div key={key} className="rounded-lg bg-slate-50 p-4">
            {isLoading ? (
              <Skeleton className="mx-auto h-8 w-10" />
            ) : (
              <p className="text-3xl font-bold text-brand-800" data-testid={key}>
                {data?.[key] ?? 0}
              </p>
            )}
            <p className="text-sm text-slate-600">
              {key === 'referralsGiven' ? 'Referrals Given' : 'Referrals Received'}
            </p>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function Profile({ member }: { member: PublicMember }) {
  const name = displayName(member);
  const severalChapters = useSeveralChapters();
  const socials = (Object.keys(SOCIAL_LABELS) as (keyof typeof SOCIAL_LABELS)[]).filter(
    (k) => member.contactInfo[k],
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <BackToDirectory />
      <Card className="mt-4 p-6">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
          <UserAvatar person={member} size="lg" />
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-bold text-slate-900">{name}</h1>
            {member.businessName && <p className="text-lg text-slate-700">{member.businessName}</p>}
            {member.industry && (
              <p className="mt-2 inline-block rounded-full bg-brand-50 px-3 py-0.5 text-sm font-medium text-brand-800">
                {member.industry}
              </p>
            )}
            {member.description && <p className="mt-3 text-slate-600">{member.description}</p>}
          </div>
        </div>
        <div className="mt-6 flex flex-wrap gap-2">
          <ContactDialog member={member} />
          <ShareDialog member={member} />
          <GiveReferralLink member={member} />
          <OneToOneLinks member={member} />
        </div>
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>About</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-line text-slate-700">
                {member.personalBio ?? member.description ?? `${name} has not written a bio yet.`}
              </p>
            </CardContent>
          </Card>
          {member.idealReferral && (
            <Card>
              <CardHeader>
                <CardTitle>Ideal Referral</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-line text-slate-700" data-testid="ideal-referral">
                  {member.idealReferral}
                </p>
              </CardContent>
            </Card>
          )}
          <Card>
            <CardHeader>
              <CardTitle>Business Information</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-3">
                <DetailRow inline label="Business" value={member.businessName} />
                <DetailRow inline label="Position" value={member.position} />
                <DetailRow inline label="Industry" value={member.industry} />
                {severalChapters && member.chapter && (
                  <DetailRow inline label="Chapter" value={member.chapter.name} />
                )}
                <DetailRow
                  inline
                  label="Experience"
                  value={member.experienceLevel ? `${member.experienceLevel} years` : null}
                />
                <DetailRow
                  inline
                  label="Member since"
                  // In the network's zone, not the device's: the server paints this page too.
                  value={formatMonthYear(member.memberSince)}
                />
              </dl>
            </CardContent>
          </Card>
          <ProfileTestimonials memberId={member.id} />
        </div>
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Contact</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <ContactDetails member={member} />
              {socials.length > 0 && (
                <ul className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
                  {socials.map((key) => (
                    <li key={key}>
                      <a
                        href={member.contactInfo[key]}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 rounded-md border border-slate-200 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50"
                      >
                        {SOCIAL_LABELS[key]} <ExternalLink aria-hidden className="size-3" />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Statistics memberId={member.id} />
        </div>
      </div>
    </div>
  );
}

export default function MemberProfilePage() {
  const { name } = useParams<{ name: string }>();
  const { data, isLoading, error } = useMemberBySlug(name);

  useEffect(() => {
    if (data) document.title = displayName(data);
  }, [data]);

  if (isLoading) {
    return (
      <div className="mx-auto max-w-5xl space-y-4 px-4 py-8 sm:px-6" aria-busy="true">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (!data) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">
          {missing ? 'Member Not Found' : 'Something went wrong'}
        </h1>
        <p className="mt-2 text-slate-600">
          {missing
            ? 'This member does not exist or is no longer listed in the directory.'
            : 'We could not load this profile. Please try again.'}
        </p>
        <div className="mt-6">
          <BackToDirectory />
        </div>
      </div>
    );
  }
  return <Profile member={data} />;
}
