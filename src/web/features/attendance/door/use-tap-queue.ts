import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DoorView, Tap, TapAction } from '../../../../domain/attendance/check-in';
import type { WalkIn } from '../../../../domain/visitors/door';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, api } from '../../../lib/api';
import { toastApiError } from '../../../lib/toast-api-error';
import { doorQuery } from '../api/door-queries';
import { makeTap, makeTicketTap, makeVisitorTap, makeWalkInTap, readTaps, saveTaps } from './tap-queue';

/** Answers that will never change on a retry: the taps are dropped and the leader told why. */
const REFUSED = new Set([400, 403, 404, 409]);
const RETRY_MS = 5_000;

/**
 * The door's taps: each kept in this browser first, then sent, oldest first, at most 100 at a
 * time; kept until the server has them. A lost network (or a server that cannot answer) keeps them, and they
 * go again when the browser is back online, and every few seconds meanwhile.
 */
export function useTapQueue(meetingId: string) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<Tap[]>(() => readTaps(localStorage, meetingId));
  const [offline, setOffline] = useState(false);
  const sending = useRef(false);

  const forget = useCallback(
    (sent: Tap[]) => {
      const ids = new Set(sent.map((t) => t.id));
      const rest = readTaps(localStorage, meetingId).filter((t) => !ids.has(t.id));
      saveTaps(localStorage, meetingId, rest);
      setWaiting(rest);
    },
    [meetingId],
  );

  const flush = useCallback(async () => {
    if (sending.current) return;
    const batch = readTaps(localStorage, meetingId).slice(0, 100);
    if (batch.length === 0) return;
    sending.current = true;
    let again = false;
    try {
      const door = await api.post<DoorView>(`/api/meetings/${encodeURIComponent(meetingId)}/taps`, {
        taps: batch,
      });
      // A read of the door begun before this answer would bring back the list without these taps.
      await queryClient.cancelQueries({ queryKey: doorQuery(meetingId).queryKey });
      queryClient.setQueryData(doorQuery(meetingId).queryKey, door);
      forget(batch);
      // Each ticket's answer, as the server found it (checked in, already in, or refused and why).
      for (const ticket of door.tickets ?? []) {
        toast({
          title:
            ticket.outcome === 'refused'
              ? 'Ticket refused'
              : ticket.outcome === 'already'
                ? 'Already checked in'
                : 'Visitor checked in',
          description: ticket.message,
          ...(ticket.outcome === 'refused' ? { variant: 'destructive' as const } : {}),
        });
      }
      setOffline(false);
      again = true;
    } catch (error) {
      if (error instanceof ApiError && REFUSED.has(error.status)) {
        forget(batch);
        toastApiError(error, 'A check-in could not be recorded');
      } else setOffline(true);
    } finally {
      sending.current = false;
    }
    if (again && readTaps(localStorage, meetingId).length > 0) void flush();
  }, [meetingId, queryClient, forget]);

  useEffect(() => {
    void flush();
    const retry = window.setInterval(() => void flush(), RETRY_MS);
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      window.clearInterval(retry);
      window.removeEventListener('online', online);
    };
  }, [flush]);

  const keep = useCallback(
    (made: Tap) => {
      const next = [...readTaps(localStorage, meetingId), made];
      saveTaps(localStorage, meetingId, next);
      setWaiting(next);
      void flush();
    },
    [meetingId, flush],
  );
  const tap = useCallback((memberId: string, action: TapAction) => keep(makeTap(memberId, action)), [keep]);
  const tapVisitor = useCallback(
    (visitId: string, action: TapAction) => keep(makeVisitorTap(visitId, action)),
    [keep],
  );
  const scanTicket = useCallback((ticket: string) => keep(makeTicketTap(ticket)), [keep]);
  const addWalkIn = useCallback((walkIn: WalkIn) => keep(makeWalkInTap(walkIn)), [keep]);

  return { waiting, offline, tap, tapVisitor, scanTicket, addWalkIn };
}
