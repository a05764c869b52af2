import { Lock } from 'lucide-react';
import { Card } from '../../../components/ui/card';

/** The three panels with made-up rows: what they hold once a guest is a member (nobody's real data). */
const PANELS = [
  { title: 'Referral Management', rows: ['Give Referral · Report Received'] },
  {
    title: 'Pending Referrals',
    rows: ['A member credited you · $1,250.00', 'A member reported your referral · $480.00'],
  },
  {
    title: 'Referral History',
    rows: [
      'Given to a member · Approved',
      'Received from a member · Approved',
      'Given to a member · Pending',
    ],
  },
];

/**
 * What a guest sees of the referral panels ("blurred activity and referral panels"): the
 * three panels' shape, blurred and hidden from assistive technology, with what unlocks them.
 */
export function ReferralsPreview() {
  return (
    <Card className="relative mt-6 overflow-hidden p-4 sm:p-6" data-testid="referrals-locked">
      <h2 className="text-lg font-semibold text-slate-900">Referrals</h2>
      <div aria-hidden inert className="mt-3 grid gap-3 blur-sm select-none md:grid-cols-3">
        {PANELS.map((panel) => (
          <div key={panel.title} className="rounded-lg border border-slate-200 p-3">
            <p className="font-medium text-slate-900">{panel.title}</p>
            {panel.rows.map((row) => (
              <p key={row} className="mt-2 text-sm text-slate-700">
                {row}
              </p>
            ))}
          </div>
        ))}
      </div>
      <div className="absolute inset-x-0 bottom-0 top-12 flex items-center justify-center p-4">
        <p className="flex max-w-md items-start gap-2 rounded-lg bg-white/95 p-3 text-sm font-medium text-slate-800 shadow-sm">
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
          Give and receive referrals, and see your revenue and ROI, once your membership is approved.
        </p>
      </div>
    </Card>
  );
}
