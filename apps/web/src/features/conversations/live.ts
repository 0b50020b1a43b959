import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@toque/contracts/socket-events';
import { conversationKeys } from './api/conversations';

/** The owner's socket, handed down by the page (features do not import one another). */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents> | null;

/** FIND-06: a finder's message or a state change refreshes the list, the thread and the badge at once. */
export function useLiveConversations(socket: LiveSocket) {
  const client = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refresh = () => void client.invalidateQueries({ queryKey: conversationKeys.all });
    socket.on('conversation-message', refresh);
    socket.on('conversation-state', refresh);
    return () => {
      socket.off('conversation-message', refresh);
      socket.off('conversation-state', refresh);
    };
  }, [socket, client]);
}
