import { describe, expect, it } from '@jest/globals';
import { MAX_SLOTS, orderAheadSlots, pickupSlots } from './slots';

const NY = 'America/New_York';
const settings = { preparationTime: 15, pickUpPaddingTime: 0, pickupTimeSlotsInterval: 15 };
const allDay = { open: true, allDay: true } as const;
const labels = (slots: { label: string }[]) => slots.map((s) => s.label);

describe('pickup time slots', () => {
  it('given preparation, padding and an interval, then the first slot is the next interval boundary after both', () => {
    // 12:07 PM in New York; 15 + 10 minutes later is 12:32, so 12:45 is the first boundary.
    const slots = pickupSlots({ ...settings, pickUpPaddingTime: 10 }, NY, new Date('2026-11-22T17:07:00Z'), allDay);
    expect(labels(slots).slice(0, 3)).toEqual(['12:45 PM', '1:00 PM', '1:15 PM']);
    expect(slots[0]?.value).toBe('2026-11-22T17:45:00.000Z');
  });

  it('given a time already on a boundary, then that boundary is the first slot', () => {
    expect(labels(pickupSlots(settings, NY, new Date('2026-11-22T17:00:00Z'), allDay))[0]).toBe('12:15 PM');
  });

  it('given an interval, then slots are that far apart, on the merchant clock', () => {
    const slots = pickupSlots({ preparationTime: 20, pickUpPaddingTime: 5, pickupTimeSlotsInterval: 30 }, 'Asia/Kolkata', new Date('2026-11-22T06:40:00Z'), allDay);
    // 12:10 PM in Kolkata (UTC+5:30) + 25 minutes = 12:35 → 1:00 PM.
    expect(labels(slots).slice(0, 3)).toEqual(['1:00 PM', '1:30 PM', '2:00 PM']);
    expect(slots[0]?.value).toBe('2026-11-22T07:30:00.000Z');
  });

  it('given store hours, then no slot is after closing time', () => {
    const open = { open: true, allDay: false, opens: 9 * 60, closes: 13 * 60 } as const;
    expect(labels(pickupSlots(settings, NY, new Date('2026-11-22T17:00:00Z'), open))).toEqual(['12:15 PM', '12:30 PM', '12:45 PM', '1:00 PM']);
    expect(pickupSlots(settings, NY, new Date('2026-11-22T17:50:00Z'), open)).toEqual([]);
  });

  it('given an all-day store late at night, then slots stop at midnight; and never more than the maximum', () => {
    expect(labels(pickupSlots(settings, NY, new Date('2026-11-23T04:20:00Z'), allDay))).toEqual(['11:45 PM']);
    expect(pickupSlots({ ...settings, pickupTimeSlotsInterval: 5 }, NY, new Date('2026-11-22T14:00:00Z'), allDay)).toHaveLength(MAX_SLOTS);
  });

  it('given the lead carrying the first slot past midnight, then no slot of the next day is offered (its hours are not today\'s)', () => {
    // 11:50 PM in New York, open all day (or until 11:59 PM): + 15 minutes is 12:05 AM tomorrow.
    expect(pickupSlots(settings, NY, new Date('2026-11-23T04:50:00Z'), allDay)).toEqual([]);
    expect(pickupSlots(settings, NY, new Date('2026-11-23T04:50:00Z'), { open: true, allDay: false, opens: 9 * 60, closes: 23 * 60 + 59 })).toEqual([]);
  });

  it('given hours past midnight, then slots run until closing on the next day, late in the evening or already after midnight', () => {
    const late = { open: true, allDay: false, opens: 18 * 60, closes: 2 * 60 } as const;
    // Saturday 11:50 PM: the first slot is 12:15 AM, the last 2:00 AM.
    const evening = pickupSlots(settings, NY, new Date('2026-11-22T04:50:00Z'), late);
    expect([evening[0], evening.at(-1)]).toEqual([{ value: '2026-11-22T05:15:00.000Z', label: '12:15 AM' }, { value: '2026-11-22T07:00:00.000Z', label: '2:00 AM' }]);
    // Sunday 1:30 AM: 1:45 and 2:00 AM.
    expect(labels(pickupSlots(settings, NY, new Date('2026-11-22T06:30:00Z'), late))).toEqual(['1:45 AM', '2:00 AM']);
  });

  it('given a closed store, then there are no slots; and an interval of 0 falls back to 15 minutes', () => {
    expect(pickupSlots(settings, NY, new Date('2026-11-22T17:00:00Z'), { open: false })).toEqual([]);
    expect(labels(pickupSlots({ ...settings, pickupTimeSlotsInterval: 0 }, NY, new Date('2026-11-22T17:00:00Z'), allDay)).slice(0, 2)).toEqual(['12:15 PM', '12:30 PM']);
  });
});

describe('ordering ahead while closed', () => {
  // Corner Café's week: every day 7:00 AM – 3:00 PM in New York.
  const week = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day) => ({ day, isOpen: true, openAllDay: false, open: { time: '0700' }, close: { time: '1500' } }));

  it('given a store that opens later today, then the first slot is the preparation and padding after its opening, on the grid, one every interval', () => {
    // Sunday 6:20 AM in New York: opens at 7:00, ready from 7:15 (15 minutes' preparation).
    const slots = orderAheadSlots(settings, week, NY, new Date('2026-11-22T11:20:00Z'));
    expect(labels(slots).slice(0, 3)).toEqual(['7:15 AM', '7:30 AM', '7:45 AM']);
    expect(slots[0]?.value).toBe('2026-11-22T12:15:00.000Z');
    expect(labels(orderAheadSlots({ ...settings, pickUpPaddingTime: 10, pickupTimeSlotsInterval: 20 }, week, NY, new Date('2026-11-22T11:20:00Z')))[0]).toBe('7:40 AM');
  });

  it('given a store closed for the night, then the slots are tomorrow morning\'s, so labelled, and never more than the maximum', () => {
    // Sunday 9:00 PM in New York.
    const slots = orderAheadSlots(settings, week, NY, new Date('2026-11-23T02:00:00Z'));
    expect(labels(slots).slice(0, 2)).toEqual(['Tomorrow, 7:15 AM', 'Tomorrow, 7:30 AM']);
    expect(slots).toHaveLength(MAX_SLOTS);
  });

  it('given a short opening, then the slots run until its closing minute and stop there', () => {
    const short = [{ day: 'Sunday', isOpen: true, openAllDay: false, open: { time: '0700' }, close: { time: '0800' } }];
    expect(labels(orderAheadSlots(settings, short, NY, new Date('2026-11-22T11:20:00Z')))).toEqual(['7:15 AM', '7:30 AM', '7:45 AM', '8:00 AM']);
  });

  it('given a store open now, or not opening within 24 hours, then there is nothing to order ahead', () => {
    expect(orderAheadSlots(settings, week, NY, new Date('2026-11-22T17:00:00Z'))).toEqual([]);
    const mondaysOnly = [{ day: 'Monday', isOpen: true, openAllDay: false, open: { time: '0700' }, close: { time: '1500' } }];
    // Saturday noon: Monday is two days away.
    expect(orderAheadSlots(settings, mondaysOnly, NY, new Date('2026-11-21T17:00:00Z'))).toEqual([]);
  });
});
