import type { Candidate, IceConfig, Relay, SessionDescription } from '@toque/contracts/calls';
import type { CallSocket } from './call-socket';

export interface PeerLinkOptions {
  socket: CallSocket;
  roomId: string;
  /** The server's ICE servers and transport policy (`relay` when it has TURN: SEC-07). */
  ice: IceConfig;
  localStream: MediaStream;
  onRemoteStream: (stream: MediaStream) => void;
  onConnectionState?: (state: RTCPeerConnectionState) => void;
}

export interface PeerLink {
  /** The current peer connection (for getStats), or null before anyone joined. */
  connection(): RTCPeerConnection | null;
  /** True while media flows: a reconnected socket then `resume`s instead of joining anew. */
  connected(): boolean;
  close(): void;
}

/**
 * The WebRTC side of a call, the same for the finder and the owner (docs/decisions/0010):
 * whoever is told `user-joined` makes the offer to the socket that joined; the other answers.
 * Relayed messages go to the whole rest of the room, so a message addressed (`to`) to another
 * socket is ignored, and only the current peer (`from`) is listened to. Candidates that arrive
 * before the remote description wait for it.
 */
export function createPeerLink(options: PeerLinkOptions): PeerLink {
  const { socket, roomId, ice, localStream } = options;
  let pc: RTCPeerConnection | null = null;
  let peerId: string | null = null;
  let pending: Candidate[] = [];
  let closed = false;

  const forMe = (m: Relay<unknown>) => m.roomId === roomId && (!m.to || m.to === socket.id);

  function fail(error: unknown) {
    // A failed negotiation shows as the connection state; the details only help a developer.
    console.warn('Toque: WebRTC negotiation failed', error);
  }

  function newPeer(id: string): RTCPeerConnection {
    pc?.close();
    pending = [];
    peerId = id;
    const connection = new RTCPeerConnection({ iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy });
    for (const track of localStream.getTracks()) connection.addTrack(track, localStream);
    connection.onicecandidate = (event) => {
      if (event.candidate && connection === pc) {
        const c = event.candidate.toJSON();
        const payload: Candidate = {
          candidate: c.candidate ?? '',
          sdpMid: c.sdpMid ?? null,
          sdpMLineIndex: c.sdpMLineIndex ?? null,
        };
        socket.emit('ice-candidate', { roomId, to: id, payload });
      }
    };
    connection.ontrack = (event) => {
      if (connection === pc) options.onRemoteStream(event.streams[0] ?? new MediaStream([event.track]));
    };
    connection.onconnectionstatechange = () => {
      if (connection === pc) options.onConnectionState?.(connection.connectionState);
    };
    pc = connection;
    return connection;
  }

  async function flush(connection: RTCPeerConnection) {
    const queued = pending;
    pending = [];
    for (const c of queued) await connection.addIceCandidate(c);
  }

  const description = (d: RTCSessionDescriptionInit, type: SessionDescription['type']): SessionDescription => ({
    type,
    sdp: d.sdp ?? '',
  });

  async function offerTo(id: string) {
    const connection = newPeer(id);
    // FIND-04: a voice-only finder still receives the owner's video.
    if (localStream.getVideoTracks().length === 0) connection.addTransceiver('video', { direction: 'recvonly' });
    const offer = await connection.createOffer();
    await connection.setLocalDescription(offer);
    if (connection === pc) socket.emit('offer', { roomId, to: id, payload: description(offer, 'offer') });
  }

  async function answer(m: Relay<SessionDescription>) {
    const connection = newPeer(m.from ?? '');
    await connection.setRemoteDescription(m.payload);
    await flush(connection);
    const reply = await connection.createAnswer();
    await connection.setLocalDescription(reply);
    if (connection === pc) socket.emit('answer', { roomId, to: m.from, payload: description(reply, 'answer') });
  }

  const onUserJoined = (info: { roomId: string; id: string; resumed?: true }) => {
    if (closed || info.roomId !== roomId) return;
    // OPS-04: the other side only moved to another server process; the media never stopped.
    if (info.resumed && pc?.connectionState === 'connected') {
      peerId = info.id;
      return;
    }
    offerTo(info.id).catch(fail);
  };
  const onOffer = (m: Relay<SessionDescription>) => {
    if (!closed && forMe(m) && m.from) answer(m).catch(fail);
  };
  const onAnswer = (m: Relay<SessionDescription>) => {
    const connection = pc;
    if (closed || !connection || !forMe(m) || m.from !== peerId) return;
    connection
      .setRemoteDescription(m.payload)
      .then(() => flush(connection))
      .catch(fail);
  };
  const onCandidate = (m: Relay<Candidate>) => {
    const connection = pc;
    if (closed || !connection || !forMe(m) || m.from !== peerId) return;
    if (connection.remoteDescription) connection.addIceCandidate(m.payload).catch(fail);
    else pending.push(m.payload);
  };

  socket.on('user-joined', onUserJoined);
  socket.on('offer', onOffer);
  socket.on('answer', onAnswer);
  socket.on('ice-candidate', onCandidate);

  return {
    connection: () => pc,
    connected: () => pc?.connectionState === 'connected',
    close() {
      if (closed) return;
      closed = true;
      socket.off('user-joined', onUserJoined);
      socket.off('offer', onOffer);
      socket.off('answer', onAnswer);
      socket.off('ice-candidate', onCandidate);
      pc?.close();
      pc = null;
    },
  };
}

/** Stops every track of a stream (camera light off). */
export function stopStream(stream: MediaStream | null | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
