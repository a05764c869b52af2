import { describe, expect, it } from 'vitest';
import { agendaClock, agendaSchema, formatCountdown, nextAgendaSegment } from './agenda';

const agenda = [
  { title: 'Open networking', minutes: 15 },
  { title: 'Feature presentation', minutes: 10 },
];
const at = (iso: string) => new Date(iso);

describe('the agenda timer', () => {
  it('is idle before the start, with the first part next', () => {
    expect(agendaClock(agenda, null, null, at('2026-11-24T14:00:00Z'))).toEqual({
      phase: 'idle',
      current: null,
      next: { title: 'Open networking', minutes: 15 },
      remainingSeconds: 0,
      position: '',
    });
  });

  it('counts the running part down from its minutes, and below zero when it overruns', () => {
    const started = at('2026-11-24T14:00:00Z');
    const running = agendaClock(agenda, 0, started, at('2026-11-24T14:04:05Z'));
    expect(running.phase).toBe('running');
    expect(running.current?.title).toBe('Open networking');
    expect(running.next?.title).toBe('Feature presentation');
    expect(running.remainingSeconds).toBe(15 * 60 - 245); // 655
    expect(running.position).toBe('Part 1 of 2');
    const over = agendaClock(agenda, 1, started, at('2026-11-24T14:11:30Z'));
    expect(over.remainingSeconds).toBe(-90);
    expect(over.next).toBeNull();
    expect(over.position).toBe('Part 2 of 2');
  });

  it('is finished once advanced past the last part', () => {
    expect(agendaClock(agenda, 2, at('2026-11-24T14:00:00Z'), at('2026-11-24T14:30:00Z')).phase).toBe(
      'finished',
    );
  });

  it('advances, steps back no further than the first part, and stops', () => {
    expect(nextAgendaSegment('start', null, 2)).toBe(0);
    expect(nextAgendaSegment('start', 1, 2)).toBe(0);
    expect(nextAgendaSegment('next', 0, 2)).toBe(1);
    expect(nextAgendaSegment('next', 1, 2)).toBe(2);
    expect(nextAgendaSegment('next', 2, 2)).toBe(2);
    expect(nextAgendaSegment('back', 1, 2)).toBe(0);
    expect(nextAgendaSegment('back', 0, 2)).toBe(0);
    expect(nextAgendaSegment('next', null, 2)).toBeNull();
    expect(nextAgendaSegment('stop', 1, 2)).toBeNull();
  });

  it('shows minutes and seconds, with a minus once over time', () => {
    expect(formatCountdown(245)).toBe('4:05');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-90)).toBe('-1:30');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('takes parts of 1 to 180 minutes with a title, 1 to 20 of them', () => {
    expect(agendaSchema.safeParse(agenda).success).toBe(true);
    expect(agendaSchema.safeParse([]).error?.issues[0]?.message).toBe('The agenda needs at least one part');
    expect(agendaSchema.safeParse([{ title: 'x', minutes: 0 }]).error?.issues[0]?.message).toBe(
      'Give each part between 1 and 180 minutes',
    );
    expect(agendaSchema.safeParse([{ title: 'x', minutes: 181 }]).success).toBe(false);
    expect(agendaSchema.safeParse([{ title: 'x', minutes: 2.5 }]).success).toBe(false);
    expect(agendaSchema.safeParse([{ title: '  ', minutes: 5 }]).error?.issues[0]?.message).toBe(
      'Name each part of the agenda',
    );
    const many = Array.from({ length: 21 }, () => ({ title: 'Part', minutes: 1 }));
    expect(agendaSchema.safeParse(many).error?.issues[0]?.message).toBe('An agenda has at most 20 parts');
  });
});
