import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi, type AccountResponse } from '@toque/contracts/account';
import { apiClient } from '../../../lib/api-client';

export const accountQueryKey = ['account'] as const;

/** GET /account: name, e-mail, phone and the consent given (ACC-03). */
function getAccount(): Promise<AccountResponse> {
  return apiClient.get<AccountResponse>(accountApi.account);
}

const accountQueryOptions = () => queryOptions({ queryKey: accountQueryKey, queryFn: getAccount });

export function useAccount() {
  return useQuery(accountQueryOptions());
}
