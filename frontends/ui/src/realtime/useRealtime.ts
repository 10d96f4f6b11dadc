import { useEffect, useRef, useState } from 'react';
import { connectRealtime, type JoinAnswer, type RealtimeOptions, type RealtimeStatus } from './client';

export interface RealtimeRoomOptions<T> extends RealtimeOptions {
  namespace: string;
  /** The room to be in (see the namespace's join rules); null: none yet. */
  room: Record<string, unknown> | null;
  event: string;
  onEvent(payload: T): void;
  /** After a reconnection (events may have been missed): reload what the screen shows. */
  onReconnect?(): void;
}

export interface RealtimeRoom {
  /** `live` once connected and in the room; `refused` when the token or the join was refused. */
  status: RealtimeStatus;
  /** The server's answer to the join, once it came. */
  answer: JoinAnswer | null;
}

/**
 * Keeps a screen in a room of a namespace while it is mounted: one connection per screen, rejoined
 * after reconnections, the latest `onEvent` called for each event.
 */
export function useRealtimeRoom<T>({ namespace, room, event, onEvent, onReconnect, token, refreshToken }: RealtimeRoomOptions<T>): RealtimeRoom {
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const [answer, setAnswer] = useState<JoinAnswer | null>(null);
  const latest = useRef({ onEvent, onReconnect, token, refreshToken });
  latest.current = { onEvent, onReconnect, token, refreshToken };
  const roomKey = room === null ? null : JSON.stringify(room);

  useEffect(() => {
    if (roomKey === null) return undefined;
    const { token: ownToken, refreshToken: ownRefresh } = latest.current;
    const connection = connectRealtime(namespace, {
      ...(ownToken ? { token: () => (latest.current.token ?? ownToken)() } : {}),
      ...(ownRefresh ? { refreshToken: () => (latest.current.refreshToken ?? ownRefresh)() } : {}),
    });
    let wasLive = false;
    let active = true;
    const offStatus = connection.onStatus((next) => {
      setStatus(next);
      if (next === 'live' && wasLive) latest.current.onReconnect?.();
      if (next === 'live') wasLive = true;
    });
    const offEvent = connection.on<T>(event, (payload) => latest.current.onEvent(payload));
    setAnswer(null);
    void connection.join(JSON.parse(roomKey)).then((a) => active && setAnswer(a));
    return () => {
      active = false;
      offStatus();
      offEvent();
      connection.close();
    };
  }, [namespace, roomKey, event]);

  // Live once the room is joined, not merely connected: events before that would be missed.
  const shown: RealtimeStatus = status !== 'live' ? status : answer === null ? 'connecting' : answer.ok ? 'live' : 'refused';
  return { status: shown, answer };
}
