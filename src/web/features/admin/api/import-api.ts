import { useQueryClient } from '@tanstack/react-query';
import type {
  ImportKind,
  ImportMapping,
  ImportPreview,
  ImportResult,
} from '../../../../domain/imports/contracts';
import { api, type UploadProgress } from '../../../lib/api';
import { apiKey } from '../../../lib/query-keys';

const url = (kind: ImportKind, step: 'preview' | 'commit', params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  return `/api/imports/${kind}${step === 'preview' ? '/preview' : ''}${query ? `?${query}` : ''}`;
};

/** The file read and checked by the server; the mapping is guessed from its headers until one is chosen. */
export const previewImport = (
  kind: ImportKind,
  file: File,
  mapping: ImportMapping | undefined,
  onProgress: UploadProgress,
) =>
  api.postFile<ImportPreview>(
    url(kind, 'preview', mapping ? { mapping: JSON.stringify(mapping) } : {}),
    file,
    onProgress,
  );

/** The import: the whole file, or with `leaveOut` (the preview's count of rows with errors) its good rows only. */
export const commitImport = (
  kind: ImportKind,
  file: File,
  mapping: ImportMapping,
  leaveOut: number | undefined,
  onProgress: UploadProgress,
) =>
  api.postFile<ImportResult>(
    url(kind, 'commit', {
      mapping: JSON.stringify(mapping),
      filename: file.name,
      ...(leaveOut === undefined ? {} : { leaveOut: String(leaveOut) }),
    }),
    file,
    onProgress,
  );

// An import can change the roster, the directory, industries, referrals, attendance and the audit log.
const IMPORT_CHANGES = [
  '/api/users',
  '/api/members',
  '/api/industries',
  '/api/settings',
  '/api/referrals',
  '/api/attendance',
] as const;

/** Refreshes everything an import may have changed. */
export function useAfterImport() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(IMPORT_CHANGES.map((path) => queryClient.invalidateQueries({ queryKey: apiKey(path) })));
}
