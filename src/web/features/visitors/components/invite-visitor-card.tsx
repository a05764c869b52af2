import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { InviteVisitorForm, InviteVisitorFormOutput } from '../../../../domain/visitors/contracts';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { applyServerErrors, Form, SelectField, TextField } from '../../../components/ui/form';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { toastApiError } from '../../../lib/toast-api-error';
import { useInviteVisitor, useMemberVisitMeetings, useMyVisitors } from '../api/visitor-queries';
import { EMPTY_VISITOR, meetingLabel } from './visitor-form-values';
import { VisitorList } from './visitor-list';

const EMPTY: InviteVisitorForm = { ...EMPTY_VISITOR, meetingId: '' };

function InviteForm({ onDone }: { onDone: () => void }) {
  const meetings = useMemberVisitMeetings(true);
  const invite = useInviteVisitor();
  const form = useForm<InviteVisitorForm, unknown, InviteVisitorFormOutput>({
    resolver: lazyZodResolver(() =>
      import('../../../../domain/visitors/contracts').then((m) => m.inviteVisitorFormSchema),
    ),
    defaultValues: EMPTY,
  });
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Visitor invited',
          description: values.meetingId
            ? `${values.firstName} is registered; a confirmation with a calendar invitation is on its way to them.`
            : `${values.firstName} is on your visitors list.`,
        });
        onDone();
      },
      onError: (error) => {
        if (!applyServerErrors(form, error))
          toastApiError(error, 'We could not invite this visitor. Please try again.');
      },
    }),
  );
  const timeFormat = meetings.data?.timeFormat ?? '12h';
  return (
    <Form form={form} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <TextField<InviteVisitorForm> name="firstName" label="First name" autoComplete="off" />
      <TextField<InviteVisitorForm> name="lastName" label="Last name" autoComplete="off" />
      <TextField<InviteVisitorForm> name="email" type="email" label="Email" autoComplete="off" />
      <TextField<InviteVisitorForm> name="phone" type="tel" label="Phone (optional)" autoComplete="off" />
      <TextField<InviteVisitorForm> name="business" label="Business (optional)" autoComplete="off" />
      <TextField<InviteVisitorForm> name="industry" label="Industry (optional)" autoComplete="off" />
      <SelectField<InviteVisitorForm>
        name="meetingId"
        label="Meeting"
        className="sm:col-span-2"
        placeholder={meetings.isLoading ? 'Loading meetings…' : 'Not yet'}
        description="With a meeting, they get a confirmation with a calendar invitation."
        options={(meetings.data?.meetings ?? []).map((m) => ({
          value: m.id,
          label: meetingLabel(m, timeFormat),
        }))}
      />
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Inviting…' : 'Invite'}
        </Button>
      </div>
    </Form>
  );
}

/** Referral Metrics' visitors card: invite someone, and see the visitors you invited. */
export function InviteVisitorCard() {
  const [open, setOpen] = useState(false);
  const visitors = useMyVisitors();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>My visitors</CardTitle>
        <Button size="sm" onClick={() => setOpen(true)}>
          <UserPlus aria-hidden /> Invite a visitor
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={visitors}
          loading={<Skeleton className="h-16 w-full" />}
          error="We could not load your visitors. Please try again."
          empty={
            <p className="text-sm text-slate-600">
              No visitors yet. Invite a customer or a contact to see the chapter at work.
            </p>
          }
          isEmpty={(list) => list.length === 0}
        >
          {(list) => <VisitorList visitors={list} showInviter={false} />}
        </QueryState>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-xl">
          <DialogTitle>Invite a visitor</DialogTitle>
          <DialogDescription>
            Someone you know who would like the chapter, or the chapter would like.
          </DialogDescription>
          {open && <InviteForm onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
