const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** A money value (numeric string from the API) as US dollars with 2 decimals, en-US. */
export function formatUsd(value: string | number | null | undefined): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '0');
  return usd.format(Number.isFinite(n) ? n : 0);
}

export function formatUsdWhole(value: string | number | null | undefined): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '0');
  return usdWhole.format(Number.isFinite(n) ? n : 0);
}
