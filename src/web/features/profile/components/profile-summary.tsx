import type { MyProfile } from '../../../../domain/profile/contracts';

const ROWS: Array<[label: string, key: keyof MyProfile, flag?: keyof MyProfile]> = [
  ['Name', 'firstName'],
  ['Position', 'position'],
  ['Personal email', 'personalEmail', 'personalEmailVisible'],
  ['Personal phone', 'personalPhone', 'personalPhoneVisible'],
  ['Bio', 'personalBio', 'personalBioVisible'],
  ['Business', 'businessName'],
  ['Business phone', 'businessPhone', 'businessPhoneVisible'],
  ['Business email', 'businessEmail', 'businessEmailVisible'],
  ['Website', 'website'],
  ['Description', 'description'],
  ['Ideal referral', 'idealReferral'],
  ['Industry', 'industry'],
  ['Experience', 'experienceLevel'],
  ['LinkedIn', 'linkedin'],
  ['Facebook', 'facebook'],
  ['Instagram', 'instagram'],
  ['X (Twitter)', 'twitter'],
];

/** The profile as I filled it in, each private field marked when it is hidden from the public. */
export function ProfileSummary({ profile }: { profile: MyProfile }) {
  const value = (key: keyof MyProfile) =>
    key === 'firstName' ? [profile.firstName, profile.lastName].filter(Boolean).join(' ') : profile[key];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {ROWS.map(([label, key, flag]) => (
        <div key={key} className="min-w-0">
          <dt className="text-sm text-slate-600">
            {label}
            {flag && profile[flag] === false && (
              <span className="ml-2 text-xs italic">(hidden from the public)</span>
            )}
          </dt>
          <dd className="break-words text-slate-900">{String(value(key) ?? '') || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
