import { CheckCircle2 } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

const NEXT_STEPS = [
  'Leadership reviews your application within 3-5 business days.',
  'We contact you to schedule a visit to one of our weekly meetings.',
  'Once approved, you complete your member profile and start passing referrals.',
];

export function ApplicationConfirmation() {
  return (
    <Card className="mx-auto max-w-2xl p-8 text-center" data-testid="application-confirmation">
      <CheckCircle2 aria-hidden className="mx-auto size-12 text-green-600" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Application Submitted!</h1>
      <p className="mt-2 text-slate-600">Thank you for applying. Here is what happens next:</p>
      <ol className="mx-auto mt-6 max-w-md list-decimal space-y-3 pl-6 text-left text-slate-700">
        {NEXT_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <ButtonLink className="mt-8" href="/dashboard?tab=applications">
        View Application Status
      </ButtonLink>
    </Card>
  );
}
