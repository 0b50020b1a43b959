import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TagPhoto } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { productsQueryKey } from './list-products';

/** PUT /products/:code/photo with the file as the body (FIND-09): the server re-encodes it. */
function uploadPhoto({ code, file }: { code: string; file: Blob }) {
  return apiClient.put<{ message: string; photo: TagPhoto }>(productsApi.photo(code), file);
}

/** DELETE /products/:code/photo (FIND-09). */
function removePhoto(code: string) {
  return apiClient.delete<{ message: string }>(productsApi.photo(code));
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadPhoto, onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }) });
}

export function useRemovePhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePhoto, onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }) });
}
