import { describe, expect, it } from 'vitest';
import { PRESETS } from './presets';
import { SCORECARD_MESSAGES as M, type RuleSet, ruleSetSchema } from './rules';
import { PRESET_KEYS } from './vocabulary';

const messagesOf = (input: unknown) => {
  const result = ruleSetSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const classic = PRESETS['classic-traffic-lights'].rules;
const withComponent = (patch: Partial<RuleSet['components'][number]>): RuleSet => ({
  ...classic,
  components: [{ ...classic.components[0]!, ...patch }, ...classic.components.slice(1)],
});

describe('the rules schema', () => {
  it.each(PRESET_KEYS)('accepts the %s preset as published', (key) => {
    expect(messagesOf(PRESETS[key].rules)).toEqual([]);
  });

  it('each preset is out of 100', () => {
    const maxima = PRESET_KEYS.map((key) =>
      PRESETS[key].rules.components.reduce((sum, c) => sum + c.maximum, 0),
    );
    expect(maxima).toEqual([100, 100, 100]);
  });

  it('refuses bands not from the most points to the fewest', () => {
    const bands = [
      { when: 'atMost', threshold: 1, points: 10 },
      { when: 'atMost', threshold: 0, points: 15 },
    ] as const;
    expect(messagesOf(withComponent({ bands: [...bands], maximum: 10 }))).toEqual([
      `components.0.bands: ${M.bandsOrder}`,
    ]);
  });

  it('refuses a maximum other than the first band', () => {
    expect(messagesOf(withComponent({ maximum: 20 }))).toEqual([
      `components.0.maximum: ${M.maximumMismatch}`,
    ]);
  });

  it('refuses cut-offs out of order, a repeated key and a negative threshold', () => {
    expect(messagesOf({ ...classic, colours: { green: 50, yellow: 50, red: 30 } })).toEqual([
      `colours: ${M.cutOffOrder}`,
    ]);
    expect(messagesOf(withComponent({ key: 'referrals' }))).toEqual([`components.1.key: ${M.keyRepeated}`]);
    expect(
      messagesOf(withComponent({ bands: [{ when: 'atMost', threshold: -1, points: 15 }], maximum: 15 })),
    ).toEqual([`components.0.bands.0.threshold: ${M.thresholdInvalid}`]);
  });

  it('refuses a window outside 1 to 12 months and no components', () => {
    expect(messagesOf({ ...classic, windowMonths: 13 })).toEqual([`windowMonths: ${M.windowMonths}`]);
    expect(messagesOf({ ...classic, components: [] })).toEqual([`components: ${M.noComponents}`]);
  });
});
