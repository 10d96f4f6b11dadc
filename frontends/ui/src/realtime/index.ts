// Live updates over socket.io (DESIGN §7). Deep import only: '@seatside/ui/src/realtime' (not in the
// barrel, which is on the first visit of '/'); socket.io-client itself loads on first connection.
export { REALTIME_PATH, connectRealtime, type JoinAnswer, type RealtimeConnection, type RealtimeOptions, type RealtimeStatus } from './client';
export { useRealtimeRoom, type RealtimeRoom, type RealtimeRoomOptions } from './useRealtime';
