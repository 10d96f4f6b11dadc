import { describe, expect, it } from '@jest/globals';
import type { ServerChatMessage } from './api';
import { caughtUp, fromServer, type ChatMessage } from './conversation';

const stored = (seq: number, text: string, senderGroup: 'client' | 'support' = 'support', clientId = `c${seq}`): ServerChatMessage => ({
  id: `m${seq}`, chatId: 'v1', text, clientId, timestamp: '2026-12-01T05:00:00.000Z', seq, sentBy: senderGroup === 'client' ? 'visitor-1' : 'staff-1', senderGroup, name: senderGroup === 'client' ? 'Visitor' : 'Ann', ai: false, edited: false,
});

describe("the widget's conversation, read again after the socket was away", () => {
  it('given a reply support sent while the visitor was offline, then it is there, in order', () => {
    const before: ChatMessage[] = [fromServer(stored(1, 'Hello', 'client')), fromServer(stored(2, 'First reply'))];
    const after = caughtUp(before, [stored(1, 'Hello', 'client'), stored(2, 'First reply'), stored(3, 'Reply while you were offline')]);
    expect(after.map((m) => m.text)).toEqual(['Hello', 'First reply', 'Reply while you were offline']);
  });

  it('given a message unsent or edited meanwhile, then it is gone or says the new text', () => {
    const before: ChatMessage[] = [fromServer(stored(1, 'Hello', 'client')), fromServer(stored(2, 'Wrong answer')), fromServer(stored(3, 'Typo hre'))];
    const after = caughtUp(before, [stored(1, 'Hello', 'client'), stored(3, 'Typo here')]);
    expect(after.map((m) => m.text)).toEqual(['Hello', 'Typo here']);
  });

  it("given the visitor's own message not stored yet, then it stays, after the stored ones; once stored, it is the server's", () => {
    const pending: ChatMessage = { clientId: 'local-1', text: 'Are you there?', senderGroup: 'client', status: 'sending' };
    const failed: ChatMessage = { clientId: 'local-2', text: 'Hello?', senderGroup: 'client', status: 'failed' };
    const before: ChatMessage[] = [fromServer(stored(1, 'Hello', 'client')), pending, failed];
    expect(caughtUp(before, [stored(1, 'Hello', 'client'), stored(2, 'Yes')]).map((m) => [m.text, m.status])).toEqual([
      ['Hello', 'sent'], ['Yes', 'sent'], ['Are you there?', 'sending'], ['Hello?', 'failed'],
    ]);
    expect(caughtUp(before, [stored(1, 'Hello', 'client'), stored(2, 'Are you there?', 'client', 'local-1')]).map((m) => [m.text, m.status, m.id])).toEqual([
      ['Hello', 'sent', 'm1'], ['Are you there?', 'sent', 'm2'], ['Hello?', 'failed', undefined],
    ]);
  });
});
