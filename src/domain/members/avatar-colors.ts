/**
 * Avatar background classes (a member's avatarColor is a style class); kept literal so Tailwind sees
 * them. All -700 shades: white initials on each keep a contrast of at least 4.5:1.
 */
export const AVATAR_COLORS = [
  'bg-sky-700',
  'bg-emerald-700',
  'bg-amber-700',
  'bg-rose-700',
  'bg-indigo-700',
  'bg-teal-700',
  'bg-orange-700',
  'bg-fuchsia-700',
] as const;

export function avatarColorFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? AVATAR_COLORS[0];
}

/** The stored colour if it is one of ours, else the brand colour: stored text never becomes an arbitrary class. */
export function avatarClass(stored: string | null | undefined): string {
  return stored && (AVATAR_COLORS as readonly string[]).includes(stored) ? stored : 'bg-brand-700';
}
