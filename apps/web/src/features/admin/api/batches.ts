import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { batchPdfFilename, type Batch, type BatchCodes, type LabelLayout } from '@toque/contracts/admin';
import { adminApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

const batchesKey = ['admin', 'batches'] as const;

/** GET /admin/batches (ADM-05, ADM-11): the latest 50, with their claimed counts. */
export function useBatches() {
  return useQuery({ queryKey: batchesKey, queryFn: () => apiClient.get<Batch[]>(adminApi.batches), staleTime: 0 });
}

/** POST /admin/batches {productId, count} (ADM-11): a new batch, then the list again. */
export function useMintBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { productId: number; count: number }) => apiClient.post<BatchCodes>(adminApi.batches, body),
    // A list fetch still in flight began before the batch existed (and a first fetch is not cancelled by
    // an invalidation, only joined): cancel it, show the new batch at once, then read the list again.
    onSuccess: async (minted) => {
      await queryClient.cancelQueries({ queryKey: batchesKey });
      queryClient.setQueryData<Batch[]>(batchesKey, (old) => [
        minted.batch,
        ...(old ?? []).filter((b) => b.id !== minted.batch.id),
      ]);
      await queryClient.invalidateQueries({ queryKey: batchesKey });
    },
  });
}

/**
 * ADM-11: the batch's print sheet, fetched with the session's token (a plain link cannot carry it)
 * and saved as toque-lote-{id}-etiquetas-{layout}.pdf through an object URL (ADM-11: one name per layout).
 */
export async function downloadBatchPdf(id: number, layout: LabelLayout): Promise<void> {
  const blob = await apiClient.get<Blob>(`${adminApi.batchPdf(id)}?layout=${layout}`, { responseType: 'blob' });
  saveBlob(blob, batchPdfFilename(id, layout));
}
