/**
 * Query keys are the request's path segments: the resource root `/api/<resource>`,
 * then each further segment, then the query parameters as one object. So `['/api/referrals', 'pending']`
 * fetches `/api/referrals/pending`, and invalidating `['/api/referrals']` refreshes every referral query.
 * (Kept tiny: it is on every page's entry bundle.)
 */
export type ApiParams = Record<string, string | number>;
export type ApiKey = readonly [string, ...Array<string | ApiParams>];

export function apiKey(path: `/api/${string}`, params?: ApiParams): ApiKey {
  const [, , resource, ...rest] = path.split('/');
  const key: ApiKey = [`/api/${resource}`, ...rest];
  return params && Object.keys(params).length > 0 ? [...key, params] : key;
}

/** The URL a key stands for: segments encoded, parameters last in their order. */
export const apiUrl = (key: readonly unknown[]): string =>
  key
    .map((part, i) =>
      typeof part === 'object'
        ? `?${new URLSearchParams(part as Record<string, string>)}`
        : i
          ? `/${encodeURIComponent(String(part))}`
          : part,
    )
    .join('');
