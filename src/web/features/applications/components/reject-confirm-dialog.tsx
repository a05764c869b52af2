import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** A rejection is final, so it is confirmed first, on the dashboard card and on the detail page alike. */
export function RejectConfirmDialog({
  firstName,
  title,
  open,
  onOpenChange,
  busy,
  onConfirm,
}: {
  firstName: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={`A rejection is final: ${firstName} is told the application was not approved and may apply again later.`}
      confirmLabel="Reject Application"
      destructive
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
