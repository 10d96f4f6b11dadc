import type { Socket } from 'socket.io';
import { isDomainError, statusOf, validationFailed, type Principal, type RealtimeHub } from '@seatside/chassis';
import { chatMessages as m, staffName } from './chat';
import { CHAT_NAMESPACE, chatEvents, chatRoom, PRESENCE_ROOM, STAFF_ROOM, type ChatEngine } from './engine';
import { onlineStaff, type OnlineStaffDoc } from './projections';
import { accessTo } from './visitor';

/** The call-signalling events of seed 000 §7, relayed within a chat's room (plus `hangup`). */
export const SIGNALLING_EVENTS = ['offer', 'answer', 'candidate', 'supportJoined', 'admin-accept-call', 'admin-reject-call', 'adminPickUp', 'hangup'] as const;

const MAX_SIGNAL_BYTES = 12 * 1024;

interface ChatSocketAccess {
  chatId?: string;
  role: 'staff' | 'client';
  userId: string;
  name: string;
}

/** Per socket, in this process only (never in socket.data, which adapters serialise). */
const accessOf = new WeakMap<Socket, ChatSocketAccess>();

const chatIdOf = (auth: unknown): string | undefined => {
  const chatId = (auth as { chatId?: unknown } | null)?.chatId;
  return typeof chatId === 'string' && chatId.length > 0 && chatId.length <= 200 ? chatId : undefined;
};

function refuse(err: unknown): Error {
  const data = isDomainError(err) ? { status: statusOf[err.kind], code: err.code, message: err.message } : { status: 500, code: 'internal_error', message: 'Something went wrong' };
  return Object.assign(new Error(data.message), { data });
}

/**
 * The `/chat` namespace: `chatId` in the connection auth puts the socket in that chat's room (a
 * visitor only its own, by account or cookie; staff any); a staff socket without one is the inbox
 * (the staff room); a visitor's socket also hears the online-staff records (the presence room).
 * Clients send `typing` and the call-signalling events, which are relayed to the chat's room through
 * the kv pub/sub (so over Redis, every replica's sockets hear them) with the sender's socket id in
 * `from`; messages themselves go through REST.
 */
export function chatRealtime(engine: ChatEngine, now: () => Date = () => new Date()): (hub: RealtimeHub) => void {
  const authorize = (chatId: string, principal: Principal | undefined, cookie: string | undefined): ChatSocketAccess => {
    const access = accessTo(chatId, principal, cookie);
    if (access.role === 'staff') return { chatId, role: 'staff', userId: access.principal.uid, name: staffName(undefined, access.principal.email) };
    return { chatId, role: 'client', userId: access.visitor.user.id, name: access.visitor.user.name };
  };

  const staffOf = () => engine.readModels.collection<OnlineStaffDoc>(onlineStaff);
  return (hub) => {
    const nsp = hub.namespace(CHAT_NAMESPACE, {
      // `join` is for staff moving between chats on one connection: { chatId }.
      join: async (request, principal) => {
        const chatId = chatIdOf(request);
        if (!chatId) throw validationFailed(m.joinInvalid);
        accessTo(chatId, principal, undefined);
        return chatRoom(chatId);
      },
    });
    nsp.use((socket, next) => {
      try {
        const chatId = chatIdOf(socket.handshake.auth);
        const principal = socket.principal;
        if (chatId) accessOf.set(socket, authorize(chatId, principal, socket.handshake.headers.cookie));
        else if (principal?.claims.admin === true) accessOf.set(socket, { role: 'staff', userId: principal.uid, name: staffName(undefined, principal.email) });
        else throw validationFailed(m.joinInvalid);
      } catch (err) {
        return next(refuse(err));
      }
      const access = accessOf.get(socket);
      if (access?.role !== 'staff') return next();
      // Staff are named as their messages are: by their status record's name when they have one.
      staffOf().get(access.userId).then(
        (record) => {
          access.name = staffName(record?.name, socket.principal?.email);
          next();
        },
        () => next(),
      );
    });
    nsp.on('connection', (socket) => {
      const access = accessOf.get(socket);
      if (!access) return void socket.disconnect(true);
      void socket.join(access.chatId ? chatRoom(access.chatId) : STAFF_ROOM);
      // The widget shows staff with online dots: its socket hears their records change (the inbox does in its own room).
      if (access.role === 'client') void socket.join(PRESENCE_ROOM);

      /** Whether this socket's last word was "typing": a connection that goes while typing stops it. */
      let typingNow = false;
      const emitTyping = (chatId: string, typing: boolean) => {
        typingNow = typing;
        const event = { chatId, userId: access.userId, name: access.name, senderGroup: access.role === 'staff' ? 'support' : 'client', typing, from: socket.id };
        // A flag of the moment: one lost (the kv going away at a stop) is not worth an error.
        engine.emit([chatRoom(chatId), STAFF_ROOM], chatEvents.typing, event).catch(() => undefined);
      };
      socket.on('typing', (payload: unknown) => {
        if (!access.chatId) return;
        emitTyping(access.chatId, (payload as { typing?: unknown } | null)?.typing === true || payload === true);
      });
      socket.on('disconnect', () => {
        const { chatId } = access;
        if (!chatId) return;
        if (typingNow) emitTyping(chatId, false);
        // Staff whose last connection to a chat goes (a closed tab, which never runs the page's own
        // leave) have left it: else they stayed "in the chat" for good, and its new messages told nobody.
        if (access.role !== 'staff') return;
        const stillThere = [...nsp.sockets.values()].some((other) => other !== socket && accessOf.get(other)?.userId === access.userId && accessOf.get(other)?.chatId === chatId);
        if (stillThere) return;
        engine.run(chatId, { type: 'LeaveChat', data: { chatId, at: now().toISOString(), userId: access.userId } }).catch(() => undefined);
      });

      for (const name of SIGNALLING_EVENTS) {
        socket.on(name, (payload: unknown) => {
          if (!access.chatId) return;
          // adminPickUp and supportJoined come from staff only; the rest from either side of the chat.
          if ((name === 'adminPickUp' || name === 'supportJoined') && access.role !== 'staff') return;
          const body = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
          if (JSON.stringify(body).length > MAX_SIGNAL_BYTES) return;
          void engine.emit(chatRoom(access.chatId), name, { ...body, chatId: access.chatId, from: socket.id, role: access.role, name: access.name });
        });
      }
    });
  };
}
