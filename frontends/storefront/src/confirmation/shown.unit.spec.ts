import { describe, expect, it } from '@jest/globals';
import type { BillingSummary } from '../domain/types';
import { newerShown, type Shown } from './shown';

const billingSummary = { currency: 'USD', lines: [], totals: { amountDue: 12.34 } } as unknown as BillingSummary;
const view = (status: string, version: number | undefined, more: Partial<Shown> = {}): Shown => ({ orderCode: 'A1', status, billingSummary, ...(version === undefined ? {} : { version }), ...more });
const eta = { from: '2026-11-28T20:40:00.000Z', to: '2026-11-28T20:44:00.000Z' };
const seat = { tagId: 't1', tagCode: 'T1', name: 'Section 104 · Seat 2C', metadata: [] };

describe("the diner's order page: which view of the order it shows", () => {
  it('given the live update ACCEPTED (version 2), when a status read answered before the accept lands after it (PLACED, version 1), then ACCEPTED stays', () => {
    // The sequence of the CI failure (seat.e2e): the page had ACCEPTED, then a read that had left
    // before the accept answered PLACED and replaced it; the next read was 30 s away (the socket was live).
    let shown = newerShown(null, view('PLACED', 1, { estimatedReadyAt: eta }));
    shown = newerShown(shown, view('ACCEPTED', 2));
    shown = newerShown(shown, view('PLACED', 1, { estimatedReadyAt: eta }));
    expect(shown.status).toBe('ACCEPTED');
  });

  it('given the placement answer (no version), when the first read answers, then the read is shown', () => {
    expect(newerShown(view('PLACED', undefined), view('PLACED', 1, { estimatedReadyAt: eta }))).toEqual(view('PLACED', 1, { estimatedReadyAt: eta }));
  });

  it('given a live update, when a read of the same version answers, then its estimate is shown', () => {
    const shown = newerShown(view('ACCEPTED', 2), view('ACCEPTED', 2, { estimatedReadyAt: eta }));
    expect(shown.estimatedReadyAt).toEqual(eta);
  });

  it('given READY, when a later update (COMPLETED) arrives, then it replaces it', () => {
    expect(newerShown(view('READY', 3), view('COMPLETED', 4)).status).toBe('COMPLETED');
  });

  it('given a view with the seat, when the next carries none, then the seat is kept', () => {
    expect(newerShown(view('PLACED', 1, { location: seat }), view('ACCEPTED', 2)).location).toEqual(seat);
  });
});
