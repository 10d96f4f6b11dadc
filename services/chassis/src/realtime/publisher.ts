import type { PubSub } from '../kv/types';
import type { RealtimeMessage } from './types';

/** The kv pub/sub channel that carries a namespace's emits to every process (`realtime:/orders`). */
export const realtimeChannel = (namespace: string) => `realtime:${namespace}`;

export interface RealtimePublisher {
  /**
   * Emits `event` to `room` of `namespace` on every process with a socket server: in-process when
   * the kv adapters are (embedded), through Redis otherwise, so every replica reaches its own sockets.
   * Several rooms go in one message (a socket in more than one hears the event once).
   */
  emit(namespace: string, room: string | readonly string[], event: string, payload: unknown): Promise<void>;
}

/**
 * Publishing needs no socket server in this process: a service's consumer may run in a replica that
 * serves no sockets, and the replicas that do will emit.
 */
export function createRealtimePublisher(pubsub: PubSub): RealtimePublisher {
  return {
    emit(namespace, room, event, payload) {
      const message: RealtimeMessage = { room: typeof room === 'string' ? room : [...room], event, payload };
      return pubsub.publish(realtimeChannel(namespace), message);
    },
  };
}
