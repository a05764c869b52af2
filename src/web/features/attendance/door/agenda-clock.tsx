import { useEffect, useMemo, useState } from 'react';
import { type AgendaState, agendaClock, formatCountdown } from '../../../../domain/attendance/agenda';
import { cn } from '../../../lib/utils';

/** The timer's clock, ticking each second on this device, set by the server's clock at each answer. */
function useAgendaClock(state: AgendaState) {
  // How far this device's clock is behind the server's, as of the answer on screen.
  const skew = useMemo(() => Date.parse(state.serverNow) - Date.now(), [state.serverNow]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, []);
  return agendaClock(
    state.agenda,
    state.segment,
    state.segmentStartedAt ? new Date(state.segmentStartedAt) : null,
    new Date(now + skew),
  );
}

/**
 * Where the meeting stands: the part on now, its minutes left (red once over time), the part
 * after it. Large on the room's screen, smaller at the door.
 */
export function AgendaClockFace({ state, large = false }: { state: AgendaState; large?: boolean }) {
  const clock = useAgendaClock(state);
  // One set of classes or the other (cn does not merge conflicting utilities).
  const look = large
    ? {
        box: 'space-y-6 text-center',
        note: 'text-3xl text-slate-300',
        title: 'text-6xl font-semibold text-white',
        time: 'font-mono text-[7rem] leading-none font-bold tabular-nums sm:text-[10rem]',
        ok: 'text-white',
        over: 'text-red-400',
      }
    : {
        box: 'space-y-1',
        note: 'text-sm text-slate-700',
        title: 'text-lg font-semibold text-slate-900',
        time: 'font-mono text-3xl font-bold tabular-nums',
        ok: 'text-slate-900',
        over: 'text-red-700',
      };
  if (clock.phase === 'idle') {
    return (
      <p className={look.note} data-testid="agenda-now">
        The agenda has not started. First: {clock.next?.title ?? 'nothing planned'}.
      </p>
    );
  }
  if (clock.phase === 'finished') {
    return (
      <p className={look.title} data-testid="agenda-now">
        The agenda is done. Thank you!
      </p>
    );
  }
  const over = clock.remainingSeconds < 0;
  return (
    <div className={look.box}>
      <p className={look.note}>{clock.position}</p>
      <p className={look.title} data-testid="agenda-now">
        {clock.current?.title}
      </p>
      <p className={cn(look.time, over ? look.over : look.ok)} data-testid="agenda-countdown">
        {formatCountdown(clock.remainingSeconds)}
        <span className="sr-only">{over ? ' over time' : ' left'}</span>
      </p>
      <p className={look.note}>
        {clock.next ? `Next: ${clock.next.title} (${clock.next.minutes} min)` : 'Last part'}
      </p>
    </div>
  );
}
