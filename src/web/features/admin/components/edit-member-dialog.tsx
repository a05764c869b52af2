import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type AdminUser, userEditSchema } from '../../../../domain/admin/contracts';
import { industryOptions } from '../../../../domain/members/directory-filter';
import { displayName } from '../../../../domain/members/display-name';
import { DEFAULT_MISSED_MEETING_LIMIT } from '../../../../domain/network/constants';
import { assignableRoles, ROLE_DISPLAY_NAME, type Role } from '../../../../domain/roles/roles';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import {
  applyServerErrors,
  Form,
  MoneyField,
  SelectField,
  TextField,
  useFormDraft,
} from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useUpdateUser } from '../api/admin-queries';

type FormInput = z.input<typeof userEditSchema>;
type FormOutput = z.output<typeof userEditSchema>;

interface Props {
  member: AdminUser;
  actorRole: Role;
  /** Industry names to choose from (the public list). */
  industries: readonly string[];
  onClose: () => void;
}

/** The member edit dialog: the role select offers only roles this admin may assign. */
export function EditMemberDialog({ member, actorRole, industries, onClose }: Props) {
  const update = useUpdateUser();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(userEditSchema),
    defaultValues: {
      firstName: member.firstName ?? '',
      lastName: member.lastName ?? '',
      position: member.position ?? '',
      businessName: member.businessName ?? '',
      role: member.role,
      industry: member.industry ?? '',
      personalEmail: member.personalEmail ?? '',
      personalPhone: member.personalPhone ?? '',
      businessEmail: member.businessEmail ?? '',
      businessPhone: member.businessPhone ?? '',
      annualDuesOverride: member.annualDuesOverride ?? '',
      missedMeetingLimit: member.missedMeetingLimit === null ? '' : String(member.missedMeetingLimit),
    },
  });
  const draft = useFormDraft(form, `member-${member.id}`);
  // A click outside, Escape, the close button and Cancel all ask before typed changes are dropped.
  const close = () => draft.confirmDiscard(onClose);
  const roles = assignableRoles(actorRole);
  const roleOptions = (roles.includes(member.role) ? roles : [member.role, ...roles]).map((role) => ({
    value: role,
    label: ROLE_DISPLAY_NAME[role],
  }));
  // The member's own industry stays choosable even when it is not (or no longer) on the list.
  const industryChoices = industryOptions([...industries, member.industry]).map((name) => ({
    value: name,
    label: name,
  }));

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { ...values, id: member.id },
      {
        onSuccess: () => {
          toast({ title: 'Member Updated', description: 'Member details have been successfully updated.' });
          draft.clear();
          onClose();
        },
        onError: (err) => {
          applyServerErrors(form, err);
          toastApiError(err, 'Failed to update member details', 'Update Failed');
        },
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>Edit Member</DialogTitle>
        <DialogDescription>
          {displayName(member)} · {member.email}. Setting the role to Guest deactivates the member: they leave
          the directory and are signed out.
        </DialogDescription>
        <Form form={form} idPrefix="member-" onSubmit={onSubmit} className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField name="firstName" label="First name" autoComplete="off" />
            <TextField name="lastName" label="Last name" autoComplete="off" />
            <TextField name="businessName" label="Business name" autoComplete="off" />
            <TextField name="position" label="Position" autoComplete="off" />
            <SelectField name="role" label="Role" options={roleOptions} />
            <SelectField
              name="industry"
              label="Industry"
              options={industryChoices}
              placeholder="No industry"
            />
            <TextField name="personalEmail" label="Personal email" type="email" autoComplete="off" />
            <TextField name="personalPhone" label="Personal phone" type="tel" autoComplete="off" />
            <TextField name="businessEmail" label="Business email" type="email" autoComplete="off" />
            <TextField name="businessPhone" label="Business phone" type="tel" autoComplete="off" />
            <MoneyField
              name="annualDuesOverride"
              label="Annual dues override"
              description="Empty uses the network default."
              placeholder=""
            />
            <TextField
              name="missedMeetingLimit"
              label="Missed-meeting limit"
              inputMode="numeric"
              description={`Empty uses the default of ${DEFAULT_MISSED_MEETING_LIMIT}.`}
              autoComplete="off"
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={close} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </Form>
        {draft.discardDialog}
      </DialogContent>
    </Dialog>
  );
}
