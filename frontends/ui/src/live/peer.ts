import type { RealtimeConnection } from '../realtime/client';

/**
 * A peer-to-peer WebRTC call for a support chat, signalled over the `/chat` socket (seed 000 §7):
 * staff send `supportJoined`, the visitor answers `admin-accept-call` or `admin-reject-call`, staff
 * send `adminPickUp {chatId, offer}`, the visitor `answer`, both `candidate`s, either `hangup`.
 * Every relayed event carries the sender's socket id in `from`; a side ignores its own.
 */

export const CALL_EVENTS = {
  supportJoined: 'supportJoined',
  accept: 'admin-accept-call',
  reject: 'admin-reject-call',
  pickUp: 'adminPickUp',
  offer: 'offer',
  answer: 'answer',
  candidate: 'candidate',
  hangup: 'hangup',
} as const;

type Signal = { from?: string; offer?: RTCSessionDescriptionInit; answer?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit };

/** A call in progress, peer to peer or in a LiveKit room (livekit.ts): what the call screens drive. */
export interface LiveCall {
  /** Swaps the video being sent (a screen's track; null: back to the camera). */
  replaceVideo(track: MediaStreamTrack | null): Promise<void>;
  /** The mime type of the video codec being sent, once known. */
  sentCodec(): Promise<string | undefined>;
  /** Ends the call; `notify` tells the other side (`hangup`). */
  close(notify: boolean): void;
}

export interface Peer extends LiveCall {
  pc: RTCPeerConnection;
  /** Staff: makes the offer (vp8 preferred) and sends it as `adminPickUp`. */
  pickUp(chatId: string): Promise<void>;
  close(notify: boolean): void;
}

/** Puts VP8 first on every video transceiver (seed 001 §9: codec vp8). */
export function preferVp8(pc: RTCPeerConnection) {
  const codecs = typeof RTCRtpReceiver !== 'undefined' ? RTCRtpReceiver.getCapabilities?.('video')?.codecs : undefined;
  if (!codecs) return;
  const vp8 = codecs.filter((c) => c.mimeType.toLowerCase() === 'video/vp8');
  const rest = codecs.filter((c) => c.mimeType.toLowerCase() !== 'video/vp8');
  for (const transceiver of pc.getTransceivers()) {
    if (transceiver.receiver.track.kind === 'video') transceiver.setCodecPreferences?.([...vp8, ...rest]);
  }
}

const fromOther = (conn: RealtimeConnection, signal: Signal) => !signal.from || signal.from !== conn.id();

/**
 * Opens the peer connection with the local stream's tracks and wires the signalling; `onRemote`
 * gets the remote stream, `onEnded` is told when the other side hangs up or the connection fails.
 */
export function createPeer(conn: RealtimeConnection, local: MediaStream, handlers: { onRemote(stream: MediaStream): void; onEnded(): void }): Peer {
  const pc = new RTCPeerConnection({ iceServers: [] });
  for (const track of local.getTracks()) pc.addTrack(track, local);
  const videoSender = pc.getSenders().find((s) => s.track?.kind === 'video');
  preferVp8(pc);
  const pending: RTCIceCandidateInit[] = [];
  let closed = false;
  pc.ontrack = (e) => handlers.onRemote(e.streams[0] ?? new MediaStream([e.track]));
  pc.onicecandidate = (e) => {
    if (e.candidate) conn.emit(CALL_EVENTS.candidate, { candidate: e.candidate.toJSON() });
  };
  pc.onconnectionstatechange = () => {
    if (pc.connectionState === 'failed') end(false);
  };
  const flush = async () => {
    while (pending.length > 0) await pc.addIceCandidate(pending.shift());
  };
  const offs = [
    conn.on<Signal>(CALL_EVENTS.pickUp, async (signal) => {
      if (!fromOther(conn, signal) || !signal.offer) return;
      await pc.setRemoteDescription(signal.offer);
      await flush();
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      conn.emit(CALL_EVENTS.answer, { answer: pc.localDescription?.toJSON() ?? answer });
    }),
    conn.on<Signal>(CALL_EVENTS.answer, async (signal) => {
      if (!fromOther(conn, signal) || !signal.answer || pc.signalingState !== 'have-local-offer') return;
      await pc.setRemoteDescription(signal.answer);
      await flush();
    }),
    conn.on<Signal>(CALL_EVENTS.candidate, async (signal) => {
      if (!fromOther(conn, signal) || !signal.candidate) return;
      if (pc.remoteDescription) await pc.addIceCandidate(signal.candidate);
      else pending.push(signal.candidate);
    }),
    conn.on<Signal>(CALL_EVENTS.hangup, (signal) => {
      if (fromOther(conn, signal)) end(false);
    }),
  ];
  function end(notify: boolean) {
    if (closed) return;
    closed = true;
    if (notify) conn.emit(CALL_EVENTS.hangup, {});
    for (const off of offs) off();
    pc.close();
    handlers.onEnded();
  }
  return {
    pc,
    async replaceVideo(track) {
      await videoSender?.replaceTrack(track ?? local.getVideoTracks()[0] ?? null);
    },
    sentCodec: async () => sentVideoCodec(await pc.getStats()),
    async pickUp(chatId) {
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      conn.emit(CALL_EVENTS.pickUp, { chatId, offer: pc.localDescription?.toJSON() ?? offer });
    },
    close: end,
  };
}

/** The mime type of the video codec an RTCStatsReport says is being sent (vp8 is preferred). */
export function sentVideoCodec(stats: RTCStatsReport): string | undefined {
  let found: string | undefined;
  stats.forEach((report: { type: string; kind?: string; codecId?: string }) => {
    if (report.type === 'outbound-rtp' && report.kind === 'video' && report.codecId) {
      found = (stats.get(report.codecId) as { mimeType?: string } | undefined)?.mimeType ?? found;
    }
  });
  return found;
}

/** Columns of the call grid: 1 to 4 by the number of remote participants (seed 001 §9). */
export const gridColumns = (remotes: number) => Math.min(4, Math.max(1, remotes));
