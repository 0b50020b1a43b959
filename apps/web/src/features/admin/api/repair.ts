import { useMutation } from '@tanstack/react-query';
import { adminApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

type Answer = Promise<{ message: string }>;

/** ADM-07: back to unclaimed, its members removed. */
function releaseTag(code: string): Answer {
  return apiClient.post<{ message: string }>(adminApi.releaseTag(code));
}

/** ADM-07: handed to the account of this e-mail. */
function transferTag(code: string, email: string): Answer {
  return apiClient.post<{ message: string }>(adminApi.transferTag(code), { email });
}

/** ADM-07: a blocked account cannot log in, and its sessions end at once. */
function blockUser(userId: string, blocked: boolean): Answer {
  return apiClient.post<{ message: string }>(adminApi.blockUser(userId), { blocked });
}

export const useReleaseTag = () => useMutation({ mutationFn: releaseTag });
export const useTransferTag = () =>
  useMutation({ mutationFn: ({ code, email }: { code: string; email: string }) => transferTag(code, email) });
export const useBlockUser = () =>
  useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) => blockUser(userId, blocked),
  });
