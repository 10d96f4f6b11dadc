import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { errorMessage } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { connectRealtime, type RealtimeConnection } from '@seatside/ui/src/realtime';
import { CALL_EVENTS, createPeer, gridColumns, type LiveCall, type Peer } from '@seatside/ui/src/live/peer';
import { joinLiveKit } from '@seatside/ui/src/live/livekit';
import { chatApi } from './api';

type Session = Awaited<ReturnType<typeof chatApi.live>>;

/** Said on the call view when the server has no LiveKit (docs/chat-api.md, Live calls): the call still works, browser to browser. */
export const LIVEKIT_NOT_CONFIGURED = 'LiveKit is not configured on this server: the call goes directly between the two browsers (peer to peer).';

function Video({ stream, muted, label }: { stream: MediaStream; muted?: boolean; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} style={{ width: '100%', aspectRatio: '4 / 3', background: '#000', borderRadius: 8, objectFit: 'cover' }} />;
}

/**
 * The live video screen for a chat (seed 001 §2, §4, §9): 'Get Token', then the call view: a grid
 * of 1–4 columns by remote count, vp8, microphone and camera toggles, screen sharing that swaps the
 * camera track, and hang-up back to the button. In the chat's LiveKit room when the server has LiveKit
 * (livekit-client, loaded only for a call), else peer to peer over the /chat socket; either way the
 * visitor gets a prompt in the widget and accepts or rejects.
 */
const TITLE = 'Live video';

export default function LivePage() {
  usePageTitle(TITLE);
  const { chatId = '' } = useParams();
  const [session, setSession] = useState<Session>();
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');
  const [local, setLocal] = useState<MediaStream>();
  const [remotes, setRemotes] = useState<MediaStream[]>([]);
  const [mic, setMic] = useState(true);
  const [camera, setCamera] = useState(true);
  const [sharing, setSharing] = useState(false);
  const [codec, setCodec] = useState<string>();
  const conn = useRef<RealtimeConnection | null>(null);
  /** The call: peer to peer, or the LiveKit room when the server has LiveKit. */
  const peer = useRef<LiveCall | null>(null);
  const screen = useRef<MediaStreamTrack | null>(null);

  const reset = () => {
    screen.current?.stop();
    screen.current = null;
    conn.current?.close();
    conn.current = null;
    peer.current = null;
    setLocal((stream) => {
      for (const track of stream?.getTracks() ?? []) track.stop();
      return undefined;
    });
    setRemotes([]);
    setSharing(false);
    setCodec(undefined);
    setMic(true);
    setCamera(true);
    setSession(undefined);
  };

  useEffect(() => () => {
    peer.current?.close(true);
    reset();
  }, []);

  const getToken = async () => {
    setError(undefined);
    try {
      const live = await chatApi.live(chatId);
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      setLocal(stream);
      setSession(live);
      setStatus('Calling the visitor…');
      const connection = connectRealtime('/chat', { auth: () => ({ chatId }) });
      conn.current = connection;
      // The other side hung up (or the connection failed): back to the button, camera and microphone off.
      const onEnded = () => {
        peer.current = null;
        reset();
        setStatus('The call ended');
      };
      if (live.provider === 'livekit' && live.url) {
        // Both sides join the chat's LiveKit room; the socket still rings the visitor and carries hang-up.
        peer.current = await joinLiveKit(connection, { url: live.url, token: live.token }, stream, {
          onRemotes: (list) => {
            setRemotes(list);
            if (list.length > 0) {
              setStatus('In call');
              void sentCodec();
            }
          },
          onEnded,
        });
        connection.on(CALL_EVENTS.accept, () => setStatus('Connecting…'));
      } else {
        connection.on(CALL_EVENTS.accept, () => {
          setStatus('Connecting…');
          peer.current?.close(false);
          const p2p: Peer = createPeer(connection, stream, {
            onRemote: (remote) => {
              setRemotes((list) => (list.includes(remote) ? list : [...list, remote]));
              setStatus('In call');
              void sentCodec();
            },
            onEnded,
          });
          peer.current = p2p;
          void p2p.pickUp(chatId);
        });
      }
      connection.on(CALL_EVENTS.reject, () => {
        peer.current?.close(false);
        peer.current = null;
        reset();
        setStatus('The visitor declined the call');
      });
      connection.onStatus((s) => s === 'live' && connection.emit(CALL_EVENTS.supportJoined, { chatId }));
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  /** The video codec actually sent (vp8 is preferred), read from the connection's statistics. */
  const sentCodec = async () => {
    for (let i = 0; i < 20 && peer.current; i++) {
      const found = await peer.current.sentCodec();
      if (found) return setCodec(found);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  const hangUp = () => {
    if (peer.current) peer.current.close(true);
    else conn.current?.emit(CALL_EVENTS.hangup, {});
    reset();
  };

  const toggle = (kind: 'audio' | 'video', on: boolean) => {
    for (const track of local?.getTracks().filter((t) => t.kind === kind) ?? []) track.enabled = on;
    (kind === 'audio' ? setMic : setCamera)(on);
  };

  const share = async () => {
    try {
      if (sharing) {
        await peer.current?.replaceVideo(null);
        screen.current?.stop();
        screen.current = null;
        setSharing(false);
        return;
      }
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const track = display.getVideoTracks()[0];
      if (!track) return;
      screen.current = track;
      await peer.current?.replaceVideo(track);
      track.onended = () => void share();
      setSharing(true);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Card style={{ maxWidth: 1100, margin: '24px auto' }} title={<Space><Link to={`/admin/chats/${encodeURIComponent(chatId)}`}>Back to the chat</Link><span>{TITLE}</span></Space>}>
      {error && <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 12 }} />}
      {!session ? (
        <Space direction="vertical">
          {status && <Typography.Text type="secondary" data-testid="call-status">{status}</Typography.Text>}
          <Button type="primary" size="large" onClick={getToken}>
            Get Token
          </Button>
        </Space>
      ) : (
        <div data-testid="call-view">
          {session.provider !== 'livekit' && (
            <Alert type="info" showIcon data-testid="livekit-not-configured" style={{ marginBottom: 12 }} message={LIVEKIT_NOT_CONFIGURED} />
          )}
          <Typography.Text type="secondary" data-testid="call-status">{status}</Typography.Text>
          {codec && <Typography.Text type="secondary" data-testid="call-codec"> · {codec}</Typography.Text>}
          <div data-testid="call-grid" data-columns={gridColumns(remotes.length)} style={{ display: 'grid', gridTemplateColumns: `repeat(${gridColumns(remotes.length)}, 1fr)`, gap: 8, margin: '12px 0' }}>
            {remotes.map((remote, i) => (
              <Video key={remote.id} stream={remote} label={`Remote video ${i + 1}`} />
            ))}
            {remotes.length === 0 && <div style={{ aspectRatio: '4 / 3', background: '#141414', borderRadius: 8 }} />}
          </div>
          {local && (
            <div style={{ width: 220 }}>
              <Video stream={local} muted label="Your video" />
            </div>
          )}
          <Space style={{ marginTop: 12 }} wrap>
            <Button onClick={() => toggle('audio', !mic)} aria-pressed={!mic}>{mic ? 'Mute microphone' : 'Unmute microphone'}</Button>
            <Button onClick={() => toggle('video', !camera)} aria-pressed={!camera}>{camera ? 'Turn camera off' : 'Turn camera on'}</Button>
            <Button onClick={share} aria-pressed={sharing}>{sharing ? 'Stop sharing' : 'Share screen'}</Button>
            <Button danger type="primary" onClick={hangUp}>Hang up</Button>
          </Space>
        </div>
      )}
    </Card>
  );
}
