import { useEffect, useRef, useState } from 'react';
import { connectRealtime, type JoinAnswer, type RealtimeOptions, type RealtimeStatus } from './client';

export interface RealtimeRoomOptions<T> extends RealtimeOptions {
  namespace: string;
  /** The room to be in (see the namespace's join rules); null: none yet. */
  room: Record<string, unknown> | null;
  event: string;
  onEvent(payload: T): void;
  /**
   * Each time the room is joined, the first time and after every reconnection (the events before
   * the join missed this screen, so what it loaded may be older): reload what the screen shows.
   */
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
    let active = true;
    // Connected is not yet in the room: until the (re)join is answered, events to the room miss this
    // screen, so it is not live, and the reload waits for the join (a read before it could answer the
    // state just before a change whose event never arrives: the screen would wait for news forever).
    const offStatus = connection.onStatus((next) => {
      if (next !== 'live') setAnswer(null);
      setStatus(next);
    });
    const offEvent = connection.on<T>(event, (payload) => latest.current.onEvent(payload));
    setAnswer(null);
    void connection.join(JSON.parse(roomKey), (a) => {
      if (!active) return;
      setAnswer(a);
      if (a.ok) latest.current.onReconnect?.();
    });
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
