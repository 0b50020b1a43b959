import { useMutation } from '@tanstack/react-query';
import { accountApi, type AccountExport } from '@toque/contracts/account';
import { apiClient } from '../../../lib/api-client';

/** POST /account/export {password}: everything held about the user, as JSON (ACC-03). */
function exportData(password: string): Promise<AccountExport> {
  return apiClient.post<AccountExport>(accountApi.export, { password });
}

export function useExportData() {
  return useMutation({ mutationFn: exportData });
}
