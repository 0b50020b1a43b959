import { useQuery } from '@tanstack/react-query';
import { accountApi, type DeletePreview } from '@toque/contracts/account';
import { apiClient } from '../../../lib/api-client';

/** GET /account/delete-preview (ACC-08): what deleting the account would take, read each time the dialog opens. */
export function useDeletePreview(open: boolean) {
  return useQuery({
    queryKey: ['account', 'delete-preview'],
    queryFn: () => apiClient.get<DeletePreview>(accountApi.deletePreview),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
}
