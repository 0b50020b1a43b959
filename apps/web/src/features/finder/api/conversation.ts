import {
  conversationsApi,
  type CallConversationKey,
  type ConversationMessageBody,
  type FinderMessage,
  type FinderThread,
  type StartConversationBody,
  type StartConversationResponse,
} from '@toque/contracts/conversations';
import { apiClient, createApiClient } from '../../../lib/api-client';

/** FIND-06: the finder's first message opens the conversation; the answer's token is the only credential. */
export function startConversation(code: string, body: StartConversationBody): Promise<StartConversationResponse> {
  return apiClient.post<StartConversationResponse>(conversationsApi.start(code), body);
}

/** GET /api/public/conversation with `Authorization: Bearer <conversation token>`. */
export function getFinderThread(token: string): Promise<FinderThread> {
  return createApiClient({ getToken: () => token }).get<FinderThread>(conversationsApi.finderThread);
}

export function sendFinderMessage(token: string, body: ConversationMessageBody): Promise<FinderMessage> {
  return createApiClient({ getToken: () => token }).post<FinderMessage>(conversationsApi.finderMessages, body);
}

/**
 * CALL-17: GET /api/calls/:roomId/conversation with the call's caller token — the key to the thread
 * the owner opened after the answered call (null until they do).
 */
export function getCallConversationKey(roomId: string, callerToken: string): Promise<CallConversationKey> {
  return createApiClient({ getToken: () => callerToken }).get<CallConversationKey>(conversationsApi.ofCall(roomId));
}
