import { EXPERIENCE_LEVELS, experienceLabel } from '../../../../domain/applications/contracts';
import { FIELD_MAX } from '../../../../domain/fields';
import { industryOptions } from '../../../../domain/members/directory-filter';
import type { ProfileForm } from '../../../../domain/profile/contracts';
import { SelectField, SwitchField, TextareaField, TextField } from '../../../components/ui/form';
import { usePublicIndustries } from '../../directory';

const EXPERIENCE = EXPERIENCE_LEVELS.map((level) => ({ value: level, label: experienceLabel(level) }));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The Public Profile form's fields, inside a kit `Form`. */
export function ProfileFields({
  industryEditable,
  memberFields,
  currentIndustry,
}: {
  industryEditable: boolean;
  memberFields: boolean;
  currentIndustry: string | null;
}) {
  const industries = usePublicIndustries();
  const names = industryOptions((industries.data ?? []).map((i) => i.name));
  if (currentIndustry && !names.includes(currentIndustry)) names.unshift(currentIndustry);
  return (
    <div className="space-y-8">
      <Section title="Personal Information">
        <TextField<ProfileForm> name="firstName" label="First Name" autoComplete="given-name" />
        <TextField<ProfileForm> name="lastName" label="Last Name" autoComplete="family-name" />
        <TextField<ProfileForm> name="position" label="Position" />
        <TextField<ProfileForm> name="personalEmail" type="email" label="Personal Email" />
        <SwitchField<ProfileForm> name="personalEmailVisible" label="Show personal email on my public page" />
        <TextField<ProfileForm> name="personalPhone" type="tel" label="Personal Phone" />
        <SwitchField<ProfileForm> name="personalPhoneVisible" label="Show personal phone on my public page" />
        <TextareaField<ProfileForm>
          name="personalBio"
          label="Personal Bio"
          rows={3}
          className="sm:col-span-2"
        />
        <SwitchField<ProfileForm> name="personalBioVisible" label="Show my bio on my public page" />
      </Section>
      <Section title="Business Information">
        <TextField<ProfileForm> name="businessName" label="Business Name" autoComplete="organization" />
        <TextField<ProfileForm> name="businessPhone" type="tel" label="Business Phone" />
        <SwitchField<ProfileForm> name="businessPhoneVisible" label="Show business phone on my public page" />
        <TextField<ProfileForm> name="businessEmail" type="email" label="Business Email" />
        <SwitchField<ProfileForm> name="businessEmailVisible" label="Show business email on my public page" />
        <TextField<ProfileForm> name="website" type="url" label="Website" placeholder="https://" />
        <TextareaField<ProfileForm>
          name="description"
          label="Business Description"
          rows={3}
          className="sm:col-span-2"
        />
        <TextareaField<ProfileForm>
          name="idealReferral"
          label="Ideal referral"
          description="What a good referral for you looks like, in one short paragraph. Members read it when they pick who to refer."
          rows={2}
          maxLength={FIELD_MAX.idealReferral}
          className="sm:col-span-2"
        />
        <SelectField<ProfileForm>
          name="industry"
          label={industryEditable ? 'Industry' : 'Industry (Contact Admin to edit)'}
          placeholder="Select an industry"
          options={names.map((n) => ({ value: n, label: n }))}
          disabled={!industryEditable}
        />
        <SelectField<ProfileForm>
          name="experienceLevel"
          label="Experience"
          placeholder="Select years"
          options={EXPERIENCE}
        />
        {memberFields && (
          <>
            <TextareaField<ProfileForm> name="referralSource" label="How did you hear about us?" rows={2} />
            <TextareaField<ProfileForm> name="motivation" label="Motivation for Joining" rows={2} />
          </>
        )}
      </Section>
      <Section title="Social Links">
        <TextField<ProfileForm> name="linkedin" type="url" label="LinkedIn" placeholder="https://" />
        <TextField<ProfileForm> name="facebook" type="url" label="Facebook" placeholder="https://" />
        <TextField<ProfileForm> name="instagram" type="url" label="Instagram" placeholder="https://" />
        <TextField<ProfileForm> name="twitter" type="url" label="X (Twitter)" placeholder="https://" />
      </Section>
    </div>
  );
}
