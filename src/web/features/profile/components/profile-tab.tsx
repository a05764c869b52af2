import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { AuthUser } from '../../../../domain/auth/contracts';
import {
  canEditOwnIndustry,
  hasMemberOnlyFields,
  type MyProfile,
  type ProfileForm,
  profileUpdateSchema,
} from '../../../../domain/profile/contracts';
import { hasRole } from '../../../../domain/roles/roles';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { applyServerErrors, Form, useDraftKey, useFormDraft } from '../../../components/ui/form';
import { readDraft } from '../../../components/ui/form/drafts';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useMyProfile, useUpdateProfile } from '../api/profile-queries';
import { PendingApprovals } from './pending-approvals';
import { ProfileFields } from './profile-fields';
import { ProfileSummary } from './profile-summary';
import { RecentActivity } from './recent-activity';

const FORM_KEYS = Object.keys(profileUpdateSchema.shape) as Array<keyof ProfileForm>;
const toForm = (profile: MyProfile): ProfileForm =>
  Object.fromEntries(
    FORM_KEYS.map((key) => [key, profile[key] ?? (key.endsWith('Visible') ? false : '')]),
  ) as ProfileForm;

const PROFILE_DRAFT = 'profile';

/** docs/product.md, "The directory and profiles": 85% once business name, description and a phone are filled, else 45%. */
const completion = (p: MyProfile) =>
  p.businessName && p.description && (p.businessPhone || p.personalPhone) ? 85 : 45;

function Banner({ user, profile }: { user: AuthUser; profile: MyProfile }) {
  if (user.role === 'GUEST')
    return (
      <Card className="flex gap-3 border-amber-200 bg-amber-50 p-4" data-testid="upgrade-banner">
        <Lock aria-hidden className="size-5 shrink-0 text-amber-800" />
        <div>
          <p className="font-semibold text-slate-900">Upgrade to Member</p>
          <p className="text-sm text-slate-700">
            Become a member to publish your profile and appear in the directory.{' '}
            <Link className="font-medium underline" href="/apply">
              Apply for membership
            </Link>
          </p>
        </div>
      </Card>
    );
  if (!(profile.firstName && profile.lastName && profile.businessName)) return null;
  return (
    <Card className="flex gap-3 border-green-200 bg-green-50 p-4" data-testid="profile-live">
      <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-800" />
      <p className="text-sm text-slate-800">
        <span className="font-semibold">Your profile is live.</span>{' '}
        <Link className="font-medium underline" href={`/member/${profile.slug}`}>
          View your public page
        </Link>
      </p>
    </Card>
  );
}

function EditProfile({
  user,
  profile,
  onDone,
  focusFirstField,
}: {
  user: AuthUser;
  profile: MyProfile;
  onDone: () => void;
  /** Opened by Edit Profile: focus moves into the form it opened. */
  focusFirstField: boolean;
}) {
  const update = useUpdateProfile();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: toForm(profile),
  });
  useEffect(() => {
    if (focusFirstField) form.setFocus('firstName');
  }, [form, focusFirstField]);
  const draft = useFormDraft(form, PROFILE_DRAFT);
  const industryEditable = canEditOwnIndustry(user.role);
  const memberFields = hasMemberOnlyFields(user.role);
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      {
        ...values,
        // Locked fields go back as they are, so the server sees no change it must refuse.
        ...(industryEditable ? {} : { industry: profile.industry }),
        ...(memberFields ? {} : { referralSource: profile.referralSource, motivation: profile.motivation }),
      },
      {
        onSuccess: () => {
          toast({ title: 'Profile Updated', description: 'Your profile has been successfully updated.' });
          draft.clear();
          onDone();
        },
        onError: (err) => {
          applyServerErrors(form, err);
          toastApiError(err, 'Failed to update profile. Please try again.');
        },
      },
    ),
  );
  return (
    <Form form={form} idPrefix="profile-" onSubmit={onSubmit} className="space-y-6">
      <ProfileFields
        industryEditable={industryEditable}
        memberFields={memberFields}
        currentIndustry={profile.industry}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => draft.confirmDiscard(onDone)}
          disabled={update.isPending}
        >
          Cancel
        </Button>
      </div>
      {draft.discardDialog}
    </Form>
  );
}

/** The dashboard's Public Profile tab (everyone). */
export default function ProfileTab({ user }: { user: AuthUser }) {
  const profile = useMyProfile();
  // A profile edit left half-way (a reload, another tab) opens again in the editor, with the draft.
  const draftKey = useDraftKey(PROFILE_DRAFT);
  const [editing, setEditing] = useState(() => readDraft(draftKey) !== undefined);
  // Focus follows the editor: into its first field when opened, back to Edit Profile when it closes.
  const [moveFocus, setMoveFocus] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (moveFocus && !editing) editButton.current?.focus();
  }, [moveFocus, editing]);
  if (profile.isError)
    return (
      <p role="alert" className="text-red-700">
        Failed to load user profile.
      </p>
    );
  if (!profile.data) return <Spinner />;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-4">
        <Banner user={user} profile={profile.data} />
        <Card className="p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">Public Profile</h2>
            <p className="text-sm text-slate-600" data-testid="profile-completion">
              Profile {completion(profile.data)}% complete
            </p>
            {!editing && (
              <Button
                ref={editButton}
                variant="outline"
                onClick={() => {
                  setEditing(true);
                  setMoveFocus(true);
                }}
              >
                Edit Profile
              </Button>
            )}
          </div>
          <div className="mt-4">
            {editing ? (
              <EditProfile
                user={user}
                profile={profile.data}
                focusFirstField={moveFocus}
                onDone={() => {
                  setEditing(false);
                  setMoveFocus(true);
                }}
              />
            ) : (
              <ProfileSummary profile={profile.data} />
            )}
          </div>
        </Card>
      </div>
      <div className="space-y-4">
        <Card className="p-4">
          <h2 className="font-semibold text-slate-900">My Articles</h2>
          <p className="text-sm text-slate-600">Coming Soon</p>
        </Card>
        {hasRole(user.role, 'LEADERSHIP') && <PendingApprovals user={user} />}
        <RecentActivity guest={user.role === 'GUEST'} />
      </div>
    </div>
  );
}
