import { useId, useState } from 'react';
import type { OneToOne } from '../../../../domain/one-to-ones/contracts';
import { ONE_TO_ONE_MESSAGES as M } from '../../../../domain/one-to-ones/messages';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/dates';
import { toastApiError } from '../../../lib/toast-api-error';
import { useDisputeOneToOne } from '../api/one-to-one-queries';

/** The other member says a one-to-one logged with them did not happen: it then counts for neither. */
export function DisputeDialog({ oneToOne, onClose }: { oneToOne: OneToOne; onClose: () => void }) {
  const dispute = useDisputeOneToOne();
  const [note, setNote] = useState('');
  const noteId = useId();
  const name = oneToOne.other?.name ?? 'a former member';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>It did not happen?</DialogTitle>
        <DialogDescription>
          {name} logged a one-to-one with you on {formatDate(oneToOne.metOn)}. If you did not meet, it will
          count for neither of you, and {name} is told.
        </DialogDescription>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            dispute.mutate(
              { id: oneToOne.id, note },
              {
                onSuccess: () => {
                  toast({ title: M.disputed, description: `It no longer counts for you or ${name}.` });
                  onClose();
                },
                onError: (error) => toastApiError(error, 'We could not save that. Please try again.'),
              },
            );
          }}
        >
          <div className="space-y-1">
            <Label htmlFor={noteId}>A word for {name} (optional)</Label>
            <Input id={noteId} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={dispute.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" pending={dispute.isPending}>
              It did not happen
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
