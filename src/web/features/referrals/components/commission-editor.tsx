import { useState } from 'react';
import { formatRate } from '../../../../domain/money';
import { isCommissionRate, REFERRAL_MESSAGES } from '../../../../domain/referrals/messages';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useUpdateCommission } from '../api/referral-queries';

const validRate = (value: string) => isCommissionRate(value.trim());

/** Commission rate: Edit / Save / Cancel, 0 to 100 in steps of 0.1. */
export function CommissionEditor({ commissionPercent }: { commissionPercent: string }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const update = useUpdateCommission();

  const save = () => {
    if (!validRate(value)) {
      const [title, description] = REFERRAL_MESSAGES.invalidRate.split(' - ');
      toast({ title: title ?? 'Invalid Rate', description, variant: 'destructive' });
      return;
    }
    update.mutate(
      { commissionPercent: value.trim() },
      {
        onSuccess: () => {
          toast({
            title: 'Commission Rate Updated',
            description: 'Your commission rate has been successfully updated.',
          });
          setEditing(false);
        },
        onError: (err) => toastApiError(err, 'Failed to update commission rate. Please try again.'),
      },
    );
  };

  return (
    <Card className="flex flex-wrap items-end gap-3 p-4">
      {editing ? (
        <>
          <div className="space-y-1">
            <Label htmlFor="commission-rate">Commission rate (%)</Label>
            <Input
              id="commission-rate"
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={0.1}
              className="w-32"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
          <Button onClick={save} pending={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="outline" onClick={() => setEditing(false)} disabled={update.isPending}>
            Cancel
          </Button>
        </>
      ) : (
        <>
          <div>
            <p className="text-sm text-slate-600">Commission rate</p>
            <p className="text-lg font-semibold text-slate-900" data-testid="commission-rate">
              {formatRate(commissionPercent)}
            </p>
          </div>
          <Button
            variant="outline"
            onClick={() => {
              setValue(String(Number(commissionPercent)));
              setEditing(true);
            }}
          >
            Edit
          </Button>
        </>
      )}
    </Card>
  );
}
