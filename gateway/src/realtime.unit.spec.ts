import { realtimeServiceOf } from './realtime-namespaces';

describe('socket.io namespaces in the distributed gateway', () => {
  it('given the namespace in the handshake query, then the connection goes to the service that serves it', () => {
    expect(realtimeServiceOf('/socket.io/?nsp=%2Fchat&EIO=4&transport=websocket')).toBe('chat');
    expect(realtimeServiceOf('/socket.io/?EIO=4&transport=polling&nsp=/orders&sid=abc')).toBe('orders');
  });

  it('given no namespace (a client from before the parameter), then orders; given one nobody serves, then none', () => {
    expect(realtimeServiceOf('/socket.io/?EIO=4&transport=websocket')).toBe('orders');
    expect(realtimeServiceOf('/socket.io/?nsp=/admin&EIO=4')).toBeUndefined();
    expect(realtimeServiceOf('/socket.io/?nsp=constructor')).toBeUndefined();
  });
});
