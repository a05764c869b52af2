import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Industry } from '../../../../domain/admin/contracts';
import { QueryState } from '../../../components/list/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { toastApiError } from '../../../lib/toast-api-error';
import { useCreateIndustry, useDeleteIndustry, useIndustries, useUpdateIndustry } from '../api/admin-queries';
import { IndustryForm } from './industry-form';

const DELETE_CONFIRM = (name: string) =>
  `Are you sure you want to delete the industry "${name}"? This action cannot be undone.`;

function Seat({ industry }: { industry: Industry }) {
  if (!industry.seatHolder) return <Badge variant="outline">Seat open</Badge>;
  return <Badge variant="secondary">Seat held by {industry.seatHolder}</Badge>;
}

function IndustryRow({ industry }: { industry: Industry }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateIndustry();
  const remove = useDeleteIndustry();
  const onDelete = () => {
    // Deleting an industry asks with the browser's own confirm, as the original tool did.
    if (!window.confirm(DELETE_CONFIRM(industry.name))) return;
    remove.mutate(industry.id, {
      onSuccess: () => toast({ title: 'Industry deleted successfully' }),
      onError: (err) => toastApiError(err, 'Failed to delete industry', 'Failed to delete industry'),
    });
  };
  if (editing) {
    return (
      <li className="py-4">
        <IndustryForm
          idPrefix={`industry-${industry.id}-`}
          initial={industry}
          submitLabel="Save"
          busy={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(values, onServerError) =>
            update.mutate(
              { ...values, id: industry.id },
              {
                onSuccess: () => {
                  toast({ title: 'Industry updated successfully' });
                  setEditing(false);
                },
                onError: (err) => {
                  onServerError(err);
                  toastApiError(err, 'Failed to update industry', 'Failed to update industry');
                },
              },
            )
          }
        />
      </li>
    );
  }
  return (
    <li data-testid="industry-row" className="flex flex-wrap items-start justify-between gap-3 py-4">
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-slate-900">{industry.name}</p>
        {industry.description && <p className="text-sm text-slate-600">{industry.description}</p>}
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <Seat industry={industry} />
          <span>
            {industry.memberCount} member{industry.memberCount === 1 ? '' : 's'}
          </span>
        </div>
      </div>
      <div className="flex gap-1">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setEditing(true)}
          aria-label={`Edit ${industry.name}`}
        >
          <Pencil aria-hidden /> Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={onDelete}
          disabled={remove.isPending}
          aria-label={`Delete ${industry.name}`}
        >
          <Trash2 aria-hidden /> Delete
        </Button>
      </div>
    </li>
  );
}

/** The dashboard's Industries tab: one seat per industry, managed by network admins and above. */
export default function IndustriesTab() {
  const industries = useIndustries();
  const create = useCreateIndustry();
  const [adding, setAdding] = useState(false);

  const createForm = (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <IndustryForm
        idPrefix="new-industry-"
        submitLabel="Create Industry"
        busy={create.isPending}
        onCancel={() => setAdding(false)}
        onSubmit={(values, onServerError) =>
          create.mutate(values, {
            onSuccess: () => {
              toast({ title: 'Industry created successfully' });
              setAdding(false);
            },
            onError: (err) => {
              onServerError(err);
              toastApiError(err, 'Failed to create industry', 'Failed to create industry');
            },
          })
        }
      />
    </div>
  );

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Industry Management</CardTitle>
        {!adding && (industries.data?.length ?? 0) > 0 && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden /> Add Industry
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {adding && createForm}
        <QueryState
          query={industries}
          loading={
            <div className="space-y-3">
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-14 w-full" />
            </div>
          }
          error="We could not load the industries. Please try again."
          empty={
            adding ? null : (
              <div className="flex flex-col items-center gap-3">
                <p>No industries yet. Each industry is one seat in the chapter.</p>
                <Button onClick={() => setAdding(true)}>
                  <Plus aria-hidden /> Create First Industry
                </Button>
              </div>
            )
          }
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <ul className="divide-y divide-slate-100">
              {list.map((industry) => (
                <IndustryRow key={industry.id} industry={industry} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
