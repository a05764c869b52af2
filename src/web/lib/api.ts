import type { ErrorBody, ErrorCode } from '../../domain/errors';
import { ACTING_CHAPTER_HEADER, actingChapter } from './acting-chapter';

/**
 * The one request helper: JSON, cookies, and for unsafe methods the session's CSRF
 * token. A 403 whose code is CSRF refreshes the token once and retries (a new sign-in rotates it); a
 * real permission refusal is never retried.
 */
/** What a screen says when the server could not be reached at all (no answer, not an error answer). */
export const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's own message, shown in toasts. */
    readonly serverMessage: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** The server's error code (domain/errors.ts); absent when the answer was not ours (a proxy's page). */
    readonly code?: ErrorCode,
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiError';
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Browsers allow 64 KiB of keepalive bodies in flight at once: 8,000 characters (24 KiB at the worst
 * three UTF-8 bytes each) leaves room for two more such writes at the same moment.
 */
const KEEPALIVE_MAX_CHARS = 8_000;
let csrfToken = '';
/** The token's request while it is out: the parts of a page that ask at once share one. */
let asking: Promise<string> | undefined;

export function refreshCsrfToken(): Promise<string> {
  asking ??= (async () => {
    const response = await fetch('/api/csrf-token', { credentials: 'include' });
    csrfToken = response.ok ? ((await response.json()) as { csrfToken: string }).csrfToken : '';
    return csrfToken;
  })().finally(() => {
    asking = undefined;
  });
  return asking;
}

/**
 * Fetches the CSRF token now if none is held, so a later write needs no round trip first: a write
 * sent as the page closes has time for one request, not two.
 */
export async function ensureCsrfToken(): Promise<void> {
  if (!csrfToken) await refreshCsrfToken();
}

export function clearCsrfToken(): void {
  csrfToken = '';
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    // Our server sends a code from the catalogue; anything else (a proxy's page) has none.
    const code = typeof body.code === 'string' ? body.code : undefined;
    return new ApiError(response.status, body.message ?? response.statusText, body.fieldErrors, code);
  } catch {
    return new ApiError(response.status, text || response.statusText);
  }
}

/** How much of a file body has gone up, 0 to 1. */
export type UploadProgress = (sent: number) => void;

/** fetch for a file body, through XMLHttpRequest: fetch cannot tell how much of an upload has gone. */
function sendWithProgress(
  method: string,
  url: string,
  headers: Record<string, string>,
  file: Blob,
  onProgress: UploadProgress,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const type = xhr.getResponseHeader('content-type') ?? '';
      const body = xhr.status === 204 ? null : (xhr.response as Blob);
      resolve(new Response(body, { status: xhr.status, headers: { 'content-type': type } }));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.send(file);
  });
}

async function send(
  method: string,
  url: string,
  body: unknown,
  onProgress?: UploadProgress,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const chapter = actingChapter();
  if (chapter) headers[ACTING_CHAPTER_HEADER] = chapter;
  // A file (a picture, a spreadsheet) goes as its own bytes with its own type; everything else as JSON.
  const file = typeof Blob !== 'undefined' && body instanceof Blob ? body : undefined;
  if (body !== undefined) headers['content-type'] = file ? file.type : 'application/json';
  if (UNSAFE.has(method)) headers['x-csrf-token'] = csrfToken || (await refreshCsrfToken());
  if (file && onProgress) return sendWithProgress(method, url, headers, file, onProgress);
  const json = body === undefined || file ? undefined : JSON.stringify(body);
  return fetch(url, {
    method,
    headers,
    credentials: 'include',
    body: file ?? json,
    // A small write outlives the page that sent it (a held Undo action sent as the tab closes);
    // browsers refuse keepalive bodies over 64 KiB, so files and large bodies go without it.
    keepalive: UNSAFE.has(method) && !file && (json?.length ?? 0) < KEEPALIVE_MAX_CHARS,
  });
}

export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  onProgress?: UploadProgress,
): Promise<T> {
  const response = await send(method, url, body, onProgress);
  if (response.ok) return readBody<T>(response);
  const error = await toApiError(response);
  if (error.code !== 'CSRF' || !UNSAFE.has(method)) throw error;
  await refreshCsrfToken();
  const retried = await send(method, url, body, onProgress);
  if (!retried.ok) throw await toApiError(retried);
  return readBody<T>(retried);
}

async function readBody<T>(response: Response): Promise<T> {
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
  /** PUT of a file's raw bytes (the picture upload URL). */
  putFile: <T>(url: string, file: Blob) => apiRequest<T>('PUT', url, file),
  /** POST of a file's raw bytes, telling `onProgress` how much has gone up (the spreadsheet import). */
  postFile: <T>(url: string, file: Blob, onProgress: UploadProgress) =>
    apiRequest<T>('POST', url, new Blob([file], { type: 'application/octet-stream' }), onProgress),
};
