import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useMyFollowUps } from '../api/follow-up-queries';
import { FollowUpList } from './follow-up-list';

/**
 * Referral Metrics' calls card for a visitor host: the visitors they owe a call (due two business days after
 * the visit), and the ones they recorded lately. Shown only to someone with calls.
 */
export function MyCallsCard() {
  const calls = useMyFollowUps();
  if (calls.isError)
    return (
      <Card>
        <CardContent className="pt-6">
          <p role="alert" className="text-sm text-red-700">
            We could not load your visitor calls. Please try again.
          </p>
        </CardContent>
      </Card>
    );
  if (!calls.data || calls.data.length === 0) return null;
  return (
    <Card data-testid="my-calls">
      <CardHeader>
        <CardTitle>Visitors to call</CardTitle>
        <p className="text-sm text-slate-600">Call each visitor within two business days of their visit.</p>
      </CardHeader>
      <CardContent>
        <FollowUpList calls={calls.data} showHost={false} />
      </CardContent>
    </Card>
  );
}
