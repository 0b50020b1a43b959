// The Socket.IO event maps of the call, the alerts, the door and the conversations: one leaf above every module
// whose events they name, so that no module imports another back for a type (DEV-06).
import type { Candidate, IncomingCall, JoinAck, OwnerCamera, Relay, SessionDescription } from './calls';
import type { ConversationMessageEvent, ConversationStateEvent } from './conversations';
import type { Delivery, DeliveryEvent } from './door';
import type { GateEvent } from './gate';
import type { TestCall } from './ringing';
import type { TagScan } from './scans';

export interface ServerToClientEvents {
  'incoming-call': (call: IncomingCall) => void;
  /** Ringing stops for this recipient: someone answered, the finder gave up, or it was missed. */
  'call-cancelled': (info: {
    roomId: string;
    reason: 'answered-elsewhere' | 'caller-left' | 'missed' | 'declined';
  }) => void;
  /**
   * Someone joined the call's room. `resumed`: a participant whose connection to the server moved
   * (a restart, OPS-04) and whose media link still stands: the other side keeps its peer connection.
   */
  'user-joined': (info: { roomId: string; id: string; role: 'caller' | 'recipient'; resumed?: true }) => void;
  offer: (m: Relay<SessionDescription>) => void;
  answer: (m: Relay<SessionDescription>) => void;
  'ice-candidate': (m: Relay<Candidate>) => void;
  closeCall: (info: { roomId: string }) => void;
  /** To the finder: nobody is left to answer (everyone declined) or the ring timed out (CALL-07). */
  'call-unanswered': (info: { roomId: string; reason: 'declined' | 'missed' }) => void;
  /** FIND-08: to the finder — an in-order call moved on from the owner to the members ("tentando outra pessoa", no names). */
  'call-step': (info: { roomId: string }) => void;
  /** CALL-15: the finder's position arrived after the call started (to the recipients' sessions). */
  'call-location': (info: { roomId: string; latitude: number; longitude: number }) => void;
  /** FIND-01: a finder opened one of the user's tags (or shared a position from it). */
  'tag-scanned': (scan: TagScan) => void;
  /** CALL-14: to the finder — whether the owner's camera is on (the owner answers with the microphone only). */
  'owner-camera': (info: OwnerCamera) => void;
  /** CALL-16: the owner asked for a test ring of their own devices (POST /api/calls/test); no call exists. */
  'test-call': (ring: TestCall) => void;
  /** CONDO-15: a courier left a delivery for one of the user's units (no call). */
  delivery: (delivery: DeliveryEvent) => void;
  /** CONDO-15: a resident of the unit marked a delivery 'retirada'. */
  'delivery-collected': (delivery: Delivery) => void;
  /** CONDO-15: the courier's photo of that package arrived (the unit's residents only). */
  'delivery-photo': (delivery: Delivery) => void;
  /** CONDO-18: to the call's room — the resident opened the building's gate (or it failed, in words). */
  gate: (event: GateEvent) => void;
  /** FIND-06: a new message of a conversation (to the finder's socket and to the recipients' sessions). */
  'conversation-message': (event: ConversationMessageEvent) => void;
  /** FIND-06: the conversation was closed or blocked. */
  'conversation-state': (event: ConversationStateEvent) => void;
}

export interface ClientToServerEvents {
  join: (roomId: string, ack?: (result: JoinAck) => void) => void;
  /** `join` again after a reconnection, with the media link still up (OPS-04): the same checks. */
  resume: (roomId: string, ack?: (result: JoinAck) => void) => void;
  offer: (m: Relay<SessionDescription>) => void;
  answer: (m: Relay<SessionDescription>) => void;
  'ice-candidate': (m: Relay<Candidate>) => void;
  closeCall: (info: { roomId: string }) => void;
  decline: (info: { roomId: string }, ack?: (result: { ok: boolean }) => void) => void;
  /** CALL-14: the owner who answered turned the camera on or off; relayed to the rest of the room. */
  'owner-camera': (info: OwnerCamera) => void;
}
