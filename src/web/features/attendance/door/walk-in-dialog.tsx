import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type WalkIn, walkInSchema } from '../../../../domain/visitors/door';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form, TextField } from '../../../components/ui/form';

type WalkInForm = z.input<typeof walkInSchema>;
const EMPTY: WalkInForm = { firstName: '', lastName: '', email: '', business: '', phone: '', industry: '' };

/**
 * Someone at the door who did not register: name, email and business (a phone if they like). Checked on the
 * device with the server's own rules, then kept with the taps, so it works without a connection too.
 */
export function WalkInDialog({ onAdd, onClose }: { onAdd: (walkIn: WalkIn) => void; onClose: () => void }) {
  const form = useForm<WalkInForm, unknown, WalkIn>({
    // Loaded with the door (not lazily): a walk-in is added offline too.
    resolver: zodResolver(walkInSchema),
    defaultValues: EMPTY,
  });
  const onSubmit = form.handleSubmit((walkIn) => {
    onAdd(walkIn);
    onClose();
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogTitle>Add a walk-in</DialogTitle>
        <DialogDescription>
          A visitor who came without registering is added and checked in at once.
        </DialogDescription>
        <Form form={form} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <TextField<WalkInForm> name="firstName" label="First name" autoComplete="off" />
          <TextField<WalkInForm> name="lastName" label="Last name" autoComplete="off" />
          <TextField<WalkInForm> name="email" type="email" label="Email" autoComplete="off" />
          <TextField<WalkInForm> name="business" label="Business" autoComplete="off" />
          <TextField<WalkInForm> name="phone" type="tel" label="Phone (optional)" autoComplete="off" />
          <TextField<WalkInForm> name="industry" label="Industry (optional)" autoComplete="off" />
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Add and check in</Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
