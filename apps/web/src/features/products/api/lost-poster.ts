import { posterApi, posterFilename } from '@toque/contracts/poster';
import { apiClient } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/**
 * FIND-10: the lost poster, fetched with the session's token (a plain link cannot carry it) and
 * saved as toque-cartaz-{code}.pdf through an object URL, as the admin's label sheets are.
 */
export async function downloadPoster(code: string): Promise<void> {
  const blob = await apiClient.get<Blob>(posterApi.poster(code), { responseType: 'blob' });
  saveBlob(blob, posterFilename(code));
}
