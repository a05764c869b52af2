import { DEFAULT_ANNUAL_DUES } from './network/constants';

/**
 * Money in the domain: decimal strings at the edges ("1250.50", as numeric(12,2) gives
 * them), whole cents inside. Never a binary float: 0.1 + 0.2 must not turn into a wrong total on a
 * member's statement. A total in cents stays exact in a JS number up to 9e15 ($90 trillion: 9 million
 * referrals at their $10,000,000 cap); products of cents (commission, ROI) are taken in bigint.
 */
const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Whole cents of a decimal string with at most 2 decimals; undefined when it is not one. */
export function parseCents(value: string): number | undefined {
  const match = DECIMAL.exec(value.trim());
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Cents as the API's decimal string, always 2 decimals: 123450 -> "1234.50". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Rounds a/b to the nearest whole number, halves away from zero, exactly (bigint: no 2^53 limit). */
function divideRounded(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a - q * b;
  const abs = (n: bigint) => (n < 0n ? -n : n);
  const sign = (n: bigint) => (n < 0n ? -1n : 1n);
  return 2n * abs(r) >= abs(b) ? q + sign(a) * sign(b) : q;
}

/**
 * Commission = revenue x percent / 100, with the percent as numeric(5,2) gives it ("12.5"). The product
 * is taken in bigint: a network's summed revenue in cents times hundredths of a percent passes 2^53.
 */
export function commissionCents(revenueCents: number, commissionPercent: string): number {
  const hundredthsOfPercent = parseCents(commissionPercent) ?? 0;
  return Number(divideRounded(BigInt(revenueCents) * BigInt(hundredthsOfPercent), 100n * 100n));
}

/**
 * The dues a member's ROI is measured against: their own override when above 0, else
 * the network's default when set above 0, else the $400 fallback.
 */
export function effectiveDuesCents(
  override: string | null | undefined,
  networkDefault: string | null | undefined,
) {
  const own = override ? (parseCents(override) ?? 0) : 0;
  if (own > 0) return own;
  const network = networkDefault ? (parseCents(networkDefault) ?? 0) : 0;
  return network > 0 ? network : DEFAULT_ANNUAL_DUES * 100;
}

/** Network ROI: earnings = revenue received + commission; amount = earnings - dues; % of dues. */
export function networkRoi(revenueReceivedCents: number, commissionCentsEarned: number, duesCents: number) {
  const earnings = revenueReceivedCents + commissionCentsEarned;
  return {
    amountCents: earnings - duesCents,
    percent: duesCents > 0 ? Number(divideRounded(BigInt(earnings) * 100n, BigInt(duesCents))) : 0,
  };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const toCents = (value: string | number | null | undefined) =>
  typeof value === 'number' ? value : value == null ? 0 : (parseCents(value) ?? 0);

/** Cents, or a decimal string from the API, as US dollars with 2 decimals, en-US. */
export function formatUsd(value: string | number | null | undefined): string {
  return usd.format(toCents(value) / 100);
}

/** Whole US dollars (ROI, dues), rounded half away from zero. */
export function formatUsdWhole(value: string | number | null | undefined): string {
  return usdWhole.format(Number(divideRounded(BigInt(Math.round(toCents(value))), 100n)));
}

/** A rate with one decimal ("12.5%"); the input is the decimal string the API sends. */
export function formatRate(percent: string | null | undefined): string {
  return `${oneDecimal.format((parseCents(percent ?? '0') ?? 0) / 100)}%`;
}
