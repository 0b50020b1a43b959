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
  /**
   * CALL-14: the answering side (the owner, who answers with the microphone only) keeps a video
   * sender without a track in its answer, so that a camera turned on later goes out with
   * `sendVideo` (`replaceTrack`): no new offer, so no glare with the other side's.
   */
  videoLater?: boolean;
}

export interface PeerLink {
  /** The current peer connection (for getStats), or null before anyone joined. */
  connection(): RTCPeerConnection | null;
  /** True while media flows: a reconnected socket then `resume`s instead of joining anew. */
  connected(): boolean;
  /**
   * CALL-14: the camera's track into the video sender of the current connection, or out of it
   * (null: nothing is sent, not even black frames). The caller keeps `localStream` in step, which
   * a later connection (after a reconnection) sends from the start.
   */
  sendVideo(track: MediaStreamTrack | null): Promise<void>;
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
    // One stream for everything the other side sends: a track that comes without a stream (a sender
    // without one, CALL-14) joins the stream of the first, so the audio and the video play together.
    let remote: MediaStream | null = null;
    connection.ontrack = (event) => {
      if (connection !== pc) return;
      remote ??= event.streams[0] ?? new MediaStream();
      if (!remote.getTrackById(event.track.id)) remote.addTrack(event.track);
      options.onRemoteStream(remote);
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
    // One candidate the connection cannot use (one of the other side's dropped offer, after glare) does not stop the rest.
    for (const c of queued) await connection.addIceCandidate(c).catch(fail);
  }

  const description = (d: RTCSessionDescriptionInit, type: SessionDescription['type']): SessionDescription => ({
    type,
    sdp: d.sdp ?? '',
  });

  async function offerTo(id: string) {
    const connection = newPeer(id);
    // FIND-04: a voice-only finder still receives the owner's video. CALL-14: an owner who offers
    // (the finder joined again) without a camera keeps a sender for one turned on later.
    if (localStream.getVideoTracks().length === 0)
      connection.addTransceiver('video', options.videoLater ? { direction: 'sendrecv', streams: [localStream] } : { direction: 'recvonly' });
    const offer = await connection.createOffer();
    await connection.setLocalDescription(offer);
    if (connection === pc) socket.emit('offer', { roomId, to: id, payload: description(offer, 'offer') });
  }

  /** CALL-14: the offered video, answered as sent too (no track yet), in the same stream as the audio. */
  function reserveVideo(connection: RTCPeerConnection) {
    const camera = localStream.getVideoTracks()[0] ?? null;
    for (const transceiver of connection.getTransceivers()) {
      if (transceiver.receiver.track.kind !== 'video' || transceiver.sender.track || transceiver.direction !== 'recvonly')
        continue;
      transceiver.direction = 'sendrecv';
      // Not in every browser (Firefox): the other side then puts the track in the audio's stream itself.
      if (typeof transceiver.sender.setStreams === 'function') transceiver.sender.setStreams(localStream);
      // A camera turned on while this connection was being made.
      if (camera) transceiver.sender.replaceTrack(camera).catch(fail);
    }
  }

  /** CALL-14: the sender of the negotiated video, when this side may send it. */
  const videoSender = (): RTCRtpSender | undefined =>
    pc
      ?.getTransceivers()
      .find((t) => t.receiver.track.kind === 'video' && (t.direction === 'sendrecv' || t.direction === 'sendonly'))
      ?.sender;

  async function answer(m: Relay<SessionDescription>) {
    const connection = newPeer(m.from ?? '');
    await connection.setRemoteDescription(m.payload);
    if (options.videoLater) reserveVideo(connection);
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
  /**
   * Glare (docs/decisions/0010's addendum, 2026-11-30): with two server processes each side can be told `user-joined` before
   * it sees the other's join (the Redis adapter's delay), and both offer. The side whose socket id sorts
   * first keeps its offer and ignores the other's; the other drops its own and answers — perfect
   * negotiation's impolite and polite peers, by a rule both sides compute alike. Before, both answered
   * each other's dropped offers, and the call connected its sockets but no media.
   */
  const keepsOwnOffer = (m: Relay<SessionDescription>) =>
    pc?.signalingState === 'have-local-offer' && m.from === peerId && (socket.id ?? '') < (m.from ?? '');
  const onOffer = (m: Relay<SessionDescription>) => {
    if (closed || !forMe(m) || !m.from || keepsOwnOffer(m)) return;
    answer(m).catch(fail);
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
    async sendVideo(track) {
      const sender = videoSender();
      if (sender && sender.track !== track) await sender.replaceTrack(track);
    },
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
