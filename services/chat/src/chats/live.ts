import { randomBytes } from 'node:crypto';
import { AccessToken, RoomServiceClient } from 'livekit-server-sdk';

/** LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET: all three, or the call runs peer to peer. */
export interface LiveKitOptions {
  url: string;
  apiKey: string;
  apiSecret: string;
}

/** The seed's Live session response (`channel`, `token`, `uid`), with how to join it. */
export interface LiveSession {
  channel: string;
  token: string;
  uid: string;
  /** `livekit`: join `url` with `token`; `p2p`: WebRTC signalled over the `/chat` socket. */
  provider: 'livekit' | 'p2p';
  url?: string;
}

/** The live-call port: a LiveKit access token per participant, or a peer-to-peer session. */
export interface LivePort {
  provider: 'livekit' | 'p2p';
  session(chatId: string, identity: string, name: string): Promise<LiveSession>;
  /** LiveKit only: the rooms the server knows (the contract suite's check that the server is reachable). */
  listRooms?(): Promise<string[]>;
}

/** A chat's room: named after the chat. */
export const liveRoomOf = (chatId: string) => `chat-${chatId}`;

const TOKEN_TTL = '10m';

export function createLivePort(options: LiveKitOptions | undefined): LivePort {
  if (!options) {
    return {
      provider: 'p2p',
      // The socket authorises signalling by chat; the token only tells the screen a session began.
      session: async (chatId, identity) => ({ channel: liveRoomOf(chatId), token: randomBytes(16).toString('base64url'), uid: identity, provider: 'p2p' }),
    };
  }
  const httpUrl = options.url.replace(/^ws/, 'http');
  return {
    provider: 'livekit',
    async session(chatId, identity, name) {
      const room = liveRoomOf(chatId);
      const token = new AccessToken(options.apiKey, options.apiSecret, { identity, name, ttl: TOKEN_TTL });
      token.addGrant({ roomJoin: true, room, canPublish: true, canSubscribe: true, canPublishData: true });
      return { channel: room, token: await token.toJwt(), uid: identity, provider: 'livekit', url: options.url };
    },
    async listRooms() {
      const rooms = await new RoomServiceClient(httpUrl, options.apiKey, options.apiSecret).listRooms();
      return rooms.map((r) => r.name);
    },
  };
}
