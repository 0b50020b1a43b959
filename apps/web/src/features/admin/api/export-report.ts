import { EXPORT_FILENAME } from '@toque/contracts/admin';
import { adminApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/** GET /export/excel (ADM-04): the report as a Blob, fetched with the session's Bearer token. */
function exportReport(): Promise<Blob> {
  return apiClient.get<Blob>(adminApi.exportExcel, { responseType: 'blob' });
}

/**
 * DASH-03 / ADM-04: downloads the report as relatorio.xlsx. A link to the API cannot carry the
 * Bearer token, so the file is fetched, then saved through an object URL and a[download].
 */
export async function downloadReport(): Promise<void> {
  const blob = await exportReport();
  saveBlob(blob, EXPORT_FILENAME);
}
