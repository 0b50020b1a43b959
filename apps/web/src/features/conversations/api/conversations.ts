import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  conversationsApi,
  type ConversationList,
  type ConversationMessageBody,
  type OwnerMessage,
  type OwnerThread,
} from '@toque/contracts/conversations';
import { apiClient } from '../../../lib/api-client';

export const conversationKeys = { all: ['conversations'] as const, thread: (id: string) => ['conversations', 'thread', id] as const, unread: ['conversations', 'unread'] as const };

/** GET /api/conversations (FIND-06): newest first, with the unread total. */
export function useConversations() {
  return useQuery({ queryKey: conversationKeys.all, queryFn: () => apiClient.get<ConversationList>(conversationsApi.list) });
}

/** The badge: refreshed now and then, and whenever a message arrives on the owner's socket. */
export function useConversationUnread() {
  return useQuery({
    queryKey: conversationKeys.unread,
    queryFn: () => apiClient.get<{ unread: number }>(conversationsApi.unread),
    refetchInterval: 60_000,
  });
}

/** GET /api/conversations/:id: reading it marks it read, so the list and the badge are refreshed after. */
export function useConversationThread(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.thread(id),
    queryFn: async () => {
      const thread = await apiClient.get<OwnerThread>(conversationsApi.thread(id));
      void client.invalidateQueries({ queryKey: conversationKeys.unread });
      return thread;
    },
  });
}

export function useAnswer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConversationMessageBody) => apiClient.post<OwnerMessage>(conversationsApi.messages(id), body),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

export function useConversationAction(id: string, action: 'close' | 'block') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<null>(action === 'close' ? conversationsApi.close(id) : conversationsApi.block(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
