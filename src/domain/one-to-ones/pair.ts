/**
 * A one-to-one belongs to a pair, whoever logged it: the pair is stored in one order (the smaller id first),
 * so the same two members on the same date are one row, logged from either side.
 */
export function orderedPair(a: string, b: string): { memberAId: string; memberBId: string } {
  return a < b ? { memberAId: a, memberBId: b } : { memberAId: b, memberBId: a };
}

/** The other member of the pair, seen from `me`. */
export const otherOf = (pair: { memberAId: string | null; memberBId: string | null }, me: string) =>
  pair.memberAId === me ? pair.memberBId : pair.memberAId;

/** The later of two yyyy-MM-dd dates: a one-to-one cannot be older than the newer of its two members. */
export const laterDate = (a: string, b: string) => (a > b ? a : b);
