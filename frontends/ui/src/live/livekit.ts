import type { RealtimeConnection } from '../realtime/client';
import { CALL_EVENTS, sentVideoCodec, type LiveCall } from './peer';

/** A LiveKit session from `POST /v1/live/{chatId}` (provider `livekit`): the server's URL and a room token. */
export interface LiveKitSession {
  url: string;
  token: string;
}

const fromOther = (conn: RealtimeConnection, signal: { from?: string } | undefined) => !signal?.from || signal.from !== conn.id();

/**
 * Joins the chat's LiveKit room with `livekit-client` (imported here, on the first call only: a lazy
 * chunk no page pays for until a call starts) and publishes the local stream's tracks, video as VP8
 * (seed 001 §9). `onRemotes` gets one stream per remote participant whenever they change; the call
 * ends when the room disconnects or the other side sends `hangup` over the `/chat` socket (which
 * `close(true)` sends too, so both kinds of call end the same way for the other side).
 */
export async function joinLiveKit(
  conn: RealtimeConnection,
  session: LiveKitSession,
  local: MediaStream,
  handlers: { onRemotes(streams: MediaStream[]): void; onEnded(): void },
): Promise<LiveCall> {
  const { Room, RoomEvent, Track } = await import('livekit-client');
  const room = new Room({ adaptiveStream: true, dynacast: true });
  const streams = new Map<string, MediaStream>();
  let closed = false;
  const report = () => handlers.onRemotes([...streams.values()].filter((s) => s.getTracks().length > 0).map((s) => new MediaStream(s.getTracks())));

  room.on(RoomEvent.TrackSubscribed, (track, _publication, participant) => {
    const stream = streams.get(participant.identity) ?? new MediaStream();
    streams.set(participant.identity, stream);
    stream.addTrack(track.mediaStreamTrack);
    report();
  });
  room.on(RoomEvent.TrackUnsubscribed, (track, _publication, participant) => {
    streams.get(participant.identity)?.removeTrack(track.mediaStreamTrack);
    report();
  });
  room.on(RoomEvent.ParticipantDisconnected, (participant) => {
    streams.delete(participant.identity);
    report();
  });
  room.on(RoomEvent.Disconnected, () => end(false));
  const off = conn.on<{ from?: string }>(CALL_EVENTS.hangup, (signal) => {
    if (fromOther(conn, signal)) end(false);
  });

  function end(notify: boolean) {
    if (closed) return;
    closed = true;
    off();
    if (notify) conn.emit(CALL_EVENTS.hangup, {});
    void room.disconnect();
    handlers.onEnded();
  }

  try {
    await room.connect(session.url, session.token);
    for (const track of local.getTracks()) {
      await room.localParticipant.publishTrack(track, track.kind === 'video' ? { source: Track.Source.Camera, videoCodec: 'vp8' } : { source: Track.Source.Microphone });
    }
  } catch (err) {
    end(false);
    throw err;
  }

  const cameraPublication = () => room.localParticipant.getTrackPublication(Track.Source.Camera);
  return {
    async replaceVideo(track) {
      const published = cameraPublication()?.track;
      const next = track ?? local.getVideoTracks()[0];
      // userProvidedTrack: the camera track is ours (the local stream's), LiveKit must not stop it.
      if (published && next) await published.replaceTrack(next, true);
    },
    async sentCodec() {
      const stats = await cameraPublication()?.track?.getRTCStatsReport();
      return stats ? sentVideoCodec(stats) : undefined;
    },
    close: end,
  };
}
