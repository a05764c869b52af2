/**
 * The one request helper (spec section 7): JSON, cookies, and for unsafe methods the session's CSRF
 * token. A 403 refreshes the token once and retries, because a new sign-in rotates it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's own message, shown in toasts. */
    readonly serverMessage: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiError';
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
let csrfToken = '';

export async function refreshCsrfToken(): Promise<string> {
  const response = await fetch('/api/csrf-token', { credentials: 'include' });
  csrfToken = response.ok ? ((await response.json()) as { csrfToken: string }).csrfToken : '';
  return csrfToken;
}

export function clearCsrfToken(): void {
  csrfToken = '';
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: string; fieldErrors?: Record<string, string[]> };
    return new ApiError(response.status, body.message ?? response.statusText, body.fieldErrors);
  } catch {
    return new ApiError(response.status, text || response.statusText);
  }
}

async function send(method: string, url: string, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (UNSAFE.has(method)) headers['x-csrf-token'] = csrfToken || (await refreshCsrfToken());
  return fetch(url, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  let response = await send(method, url, body);
  if (response.status === 403 && UNSAFE.has(method)) {
    await refreshCsrfToken();
    response = await send(method, url, body);
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : undefined) as T;
}

/** GET that answers null on 401, for "who am I" style queries. */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' } });
  if (response.status === 401) {
    // Nobody reads the body; cancel it so the connection is free and the network can go idle.
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body ?? {}),
  put: <T>(url: string, body?: unknown) => apiRequest<T>('PUT', url, body ?? {}),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body ?? {}),
  delete: <T>(url: string) => apiRequest<T>('DELETE', url),
};
