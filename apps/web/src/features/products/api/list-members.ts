import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { member } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

export type Member = z.infer<typeof member>;

/** GET /products/:code/members: who else receives this tag's calls (TAG-09). */
function listMembers(code: string): Promise<Member[]> {
  return apiClient.get<Member[]>(productsApi.members(code));
}

export const membersQueryKey = (code: string) => ['products', 'members', code.toUpperCase()] as const;

const membersQueryOptions = (code: string) =>
  queryOptions({ queryKey: membersQueryKey(code), queryFn: () => listMembers(code) });

export function useMembers(code: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...membersQueryOptions(code), enabled });
}
