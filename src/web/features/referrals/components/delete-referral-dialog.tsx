import { counterpartName } from '../../../../domain/referrals/names';
import { needsAgreement } from '../../../../domain/referrals/policy';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useDeleteReferral } from '../api/referral-queries';
import type { ReferralDialogProps } from './referral-dialog-props';

/**
 * Delete Referral. A pending or declined one is removed at once; an approved one counts for both members,
 * so deleting it asks the other member to accept its removal (two-party integrity).
 */
export function DeleteReferralDialog({ referral, userId, onClose }: ReferralDialogProps) {
  const remove = useDeleteReferral();
  const asks = needsAgreement(referral);
  const other = counterpartName(referral, userId);
  const description = asks
    ? `This referral is approved, so ${other} will be asked to accept its removal. Once accepted, all metrics (counts and revenue) for both members will be reversed. This action cannot be undone.`
    : 'This referral will be permanently removed. This action cannot be undone.';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete Referral"
      description={description}
      confirmLabel={asks ? 'Request removal' : 'Delete'}
      destructive
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutate(referral.id, {
          onSuccess: (result) => {
            toast(
              result?.proposal
                ? { title: 'Removal requested', description: `${other} will be asked to accept it.` }
                : { title: 'Referral deleted successfully' },
            );
            onClose();
          },
          onError: (err) => toastApiError(err, 'Failed to delete referral'),
        })
      }
    />
  );
}
