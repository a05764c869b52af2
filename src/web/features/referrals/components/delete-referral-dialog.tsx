import type { Referral } from '../../../../domain/referrals/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useDeleteReferral } from '../api/referral-queries';

/** Delete Referral: an approved one reverses both members' metrics; either way it cannot be undone. */
export function DeleteReferralDialog({ referral, onClose }: { referral: Referral; onClose: () => void }) {
  const remove = useDeleteReferral();
  const description =
    referral.status === 'approved'
      ? 'This referral is approved: all metrics (counts and revenue) for both members will be reversed. This action cannot be undone.'
      : 'This referral will be permanently removed. This action cannot be undone.';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete Referral"
      description={description}
      confirmLabel="Delete"
      destructive
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutate(referral.id, {
          onSuccess: () => {
            toast({ title: 'Referral deleted successfully' });
            onClose();
          },
          onError: (err) => toastApiError(err, 'Failed to delete referral'),
        })
      }
    />
  );
}
