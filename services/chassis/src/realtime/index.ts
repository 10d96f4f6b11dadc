export type { JoinAnswer, JoinHandler, RealtimeHub, RealtimeMessage, RealtimeNamespaceOptions } from './types';
export { createRealtimePublisher, realtimeChannel, type RealtimePublisher } from './publisher';
export { REALTIME_PATH, attachRealtime, type RealtimeServer, type RealtimeServerOptions } from './server';
