import { CheckCircle2, Clock, Eye, XCircle } from 'lucide-react';
import { type ApplicationStatus, STATUS_LABELS } from '../../../../domain/applications/contracts';
import { Badge } from '../../../components/ui/badge';

const STYLE = {
  approved: { variant: 'success', Icon: CheckCircle2 },
  rejected: { variant: 'destructive', Icon: XCircle },
  under_review: { variant: 'default', Icon: Eye },
  pending: { variant: 'secondary', Icon: Clock },
} as const;

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const { variant, Icon } = STYLE[status] ?? STYLE.pending;
  return (
    <Badge variant={variant} data-testid="application-status">
      <Icon aria-hidden className="size-3.5" />
      {STATUS_LABELS[status] ?? STATUS_LABELS.pending}
    </Badge>
  );
}
