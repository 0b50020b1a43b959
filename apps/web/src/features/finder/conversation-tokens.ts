import { conversationStorageKey } from '@toque/contracts/conversations';

/**
 * FIND-13: a conversation token stored by another part of the finder's page than the conversation
 * entry (the message left after a missed call opens the thread): the entry listens, and shows that
 * thread at once. Same-tab writes to localStorage raise no `storage` event, hence this.
 */
const listeners = new Set<() => void>();
let version = 0;
/** This page's own copy, for a browser whose storage is unavailable (private modes, full quota). */
const saved = new Map<string, string>();

/** The token saved by this page for this tag (a plate: this unit), if any. */
export const savedConversationToken = (code: string, unitId?: number): string | null =>
  saved.get(conversationStorageKey(code, unitId)) ?? null;

export function subscribeConversationTokens(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes each time a token is saved here (what a `useSyncExternalStore` snapshot compares). */
export const conversationTokensVersion = () => version;

/** Keeps this tag's (a plate: this unit's) conversation token in this browser and tells the page. */
export function saveConversationToken(code: string, unitId: number | undefined, token: string) {
  saved.set(conversationStorageKey(code, unitId), token);
  try {
    window.localStorage.setItem(conversationStorageKey(code, unitId), token);
  } catch {
    // storage unavailable: the thread still shows until the page is left (`saved`)
  }
  version++;
  for (const listener of listeners) listener();
}
