import { describe, expect, it } from '@jest/globals';
import { awaitsCash, withTab, type Tab } from './tabs';

const tab = (id: string, status: Tab['status'], total = 7): Tab => ({ id, name: `Tab ${id}`, status, rounds: [], total, openedAt: '2026-11-25T20:00:00Z' });

describe('Open Tabs, kept live by tab.updated', () => {
  it('given two open tabs, when one is now awaiting cash, then it stays in its row with its new status, marked waiting for cash', () => {
    const next = withTab([tab('a', 'open'), tab('b', 'open')], tab('b', 'awaiting_cash', 11));
    expect(next.map((t) => [t.id, t.status, t.total])).toEqual([['a', 'open', 7], ['b', 'awaiting_cash', 11]]);
    expect(next.map(awaitsCash)).toEqual([false, true]);
  });

  it('given a tab awaiting cash, when staff close it, then it leaves the list', () => {
    expect(withTab([tab('a', 'awaiting_cash'), tab('b', 'open')], tab('a', 'closed')).map((t) => t.id)).toEqual(['b']);
  });

  it('given a tab not listed yet, when it arrives awaiting cash, then it joins first', () => {
    expect(withTab([tab('a', 'open')], tab('c', 'awaiting_cash')).map((t) => t.id)).toEqual(['c', 'a']);
  });
});
