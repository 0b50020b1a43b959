import { callUi } from '@toque/contracts/call-ui';
import { osmLink, type CallHistoryItem } from '@toque/contracts/calls';

/** CALL-11: answered or not; a call that was answered stays "answered" after it ended. */
export function outcomeOf(call: Pick<CallHistoryItem, 'status' | 'answered_at'> & { kind?: CallHistoryItem['kind'] }): string {
  // CALL-15: a switched-off tag's message never rang.
  if (call.kind === 'message') return callUi.history.messageOnly;
  return call.answered_at ? callUi.history.status.answered : callUi.history.status[call.status];
}

/** Where the finder was, on OpenStreetMap (a link: the history itself loads no map). */
export function mapLink(latitude: number, longitude: number): string {
  return osmLink(latitude, longitude, 16);
}
