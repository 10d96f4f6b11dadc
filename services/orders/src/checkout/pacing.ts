import { conflict, prepared, quoteSchema, type InlineProjection, type Queryable, type Tx } from '@seatside/chassis';

/**
 * Pacing at half-time (issue 27): a merchant may cap the orders ready in each 5-minute window
 * (`checkoutOptions.maxOrdersPerSlot`, 0 = no cap). An order's window is the one it can be ready in
 * at the earliest (now plus preparationTime, or the pickup time the diner chose), or a later one the
 * diner accepted (`readyFrom`). When its window is full, checkout offers the next window with room
 * ('Ready from 8:45 PM') instead of refusing outright. The count of a window is taken in the order's own transaction by one
 * conditional upsert (`order_slots`), so two diners never both get its last place.
 */
export const SLOT_MINUTES = 5;
const SLOT_MS = SLOT_MINUTES * 60_000;

/** The start of the window holding this instant. */
export const slotOf = (at: number): number => Math.floor(at / SLOT_MS) * SLOT_MS;

/** An order's place in a window: the merchant, the mode, the window's start, the cap. */
export interface SlotClaim {
  merchantId: string;
  testMode: boolean;
  start: number;
  cap: number;
}

/**
 * The window an order goes in: its earliest (a chosen pickup time's, else the one holding now plus
 * preparation), or the later one the diner accepted.
 */
export function slotFor(now: number, preparationMinutes: number, readyFrom: string | undefined, pickupTime?: string): { start: number; earliest: number } {
  const earliest = slotOf(pickupTime ? Date.parse(pickupTime) : now + preparationMinutes * 60_000);
  const asked = readyFrom ? slotOf(Date.parse(readyFrom)) : earliest;
  return { start: Math.max(earliest, asked), earliest };
}

/** 'Ready from 8:45 PM' in the merchant's time zone. */
export const readyFromText = (start: number, timeZone: string): string =>
  `Ready from ${new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(start))}`;

/** Thrown inside the placing transaction: the window is full (the transaction rolls back). */
export class SlotFull extends Error {
  constructor(readonly claim: SlotClaim) {
    super('slot full');
  }
}

const sqlOf = (tx: Tx): Queryable => {
  if (tx.kind !== 'pg') throw new Error('pacing needs the PostgreSQL stores');
  return tx.client;
};

export function orderSlots(schema: string) {
  const table = `${quoteSchema(schema)}.order_slots`;
  return {
    migration: `CREATE TABLE IF NOT EXISTS ${table} (merchant_id text NOT NULL, test_mode boolean NOT NULL, slot_start timestamptz NOT NULL, taken integer NOT NULL, PRIMARY KEY (merchant_id, test_mode, slot_start))`,
    /**
     * Takes a place in each claim's window, all of one window at once, only while it stays within
     * the cap; throws SlotFull for the first window that has too little room.
     */
    async claimAll(tx: Tx, claims: readonly SlotClaim[]): Promise<void> {
      const byWindow = new Map<string, { claim: SlotClaim; count: number }>();
      for (const claim of claims) {
        const key = `${claim.merchantId}\u0000${claim.testMode}\u0000${claim.start}`;
        const entry = byWindow.get(key) ?? { claim, count: 0 };
        byWindow.set(key, { ...entry, count: entry.count + 1 });
      }
      // One order of rows for every transaction, so two groups never deadlock.
      const windows = [...byWindow.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
      for (const { claim, count } of windows) {
        const { rowCount } = await sqlOf(tx).query(
          prepared(
            `INSERT INTO ${table} AS s (merchant_id, test_mode, slot_start, taken)
               SELECT $1::text, $2::boolean, $3::timestamptz, $4::int WHERE $4::int <= $5::int
             ON CONFLICT (merchant_id, test_mode, slot_start) DO UPDATE SET taken = s.taken + EXCLUDED.taken
               WHERE s.taken + EXCLUDED.taken <= $5::int`,
            [claim.merchantId, claim.testMode, new Date(claim.start), count, claim.cap],
          ),
        );
        if (rowCount !== 1) throw new SlotFull(claim);
      }
    },
    /** Gives back one place in each window named (a cancelled order's), in the cancel's transaction. */
    async releaseAll(tx: Tx, places: readonly { merchantId: string; testMode: boolean; start: string }[]): Promise<void> {
      for (const place of places) {
        await sqlOf(tx).query(
          `UPDATE ${table} SET taken = taken - 1 WHERE merchant_id = $1 AND test_mode = $2 AND slot_start = $3::timestamptz AND taken > 0`,
          [place.merchantId, place.testMode, place.start],
        );
      }
    },
    /** Forgets every sandbox window of a merchant (its Delete Test Data: the orders holding them are gone). */
    async clearSandbox(tx: Tx, merchantId: string): Promise<void> {
      await sqlOf(tx).query(`DELETE FROM ${table} WHERE merchant_id = $1 AND test_mode`, [merchantId]);
    },
    /** The first window from `from` on with room under the cap (read outside any placing transaction). */
    async firstWithRoom(db: Queryable, claim: Omit<SlotClaim, 'start'>, from: number): Promise<number> {
      const { rows } = await db.query<{ slot_start: Date; taken: number }>(
        `SELECT slot_start, taken FROM ${table} WHERE merchant_id = $1 AND test_mode = $2 AND slot_start >= $3 ORDER BY slot_start LIMIT 500`,
        [claim.merchantId, claim.testMode, new Date(from)],
      );
      const taken = new Map(rows.map((row) => [row.slot_start.getTime(), row.taken]));
      let start = from;
      while ((taken.get(start) ?? 0) >= claim.cap) start += SLOT_MS;
      return start;
    },
  };
}
export type OrderSlots = ReturnType<typeof orderSlots>;

/** The 409 of a full window, offering the next one with room. */
export const slotFullProblem = (start: number, timeZone: string) => conflict(readyFromText(start, timeZone), { readyFrom: new Date(start).toISOString() }, 'slot_full');

/**
 * In a cancel's transaction (a merchant's reject, the diner's unpaid card order expiring, a cancel
 * with its refund): the place its OrderCancelled frees (`releaseSlot`) is offered again at checkout.
 */
export const releaseCancelledSlots =
  (slots: OrderSlots): InlineProjection =>
  async (events, tx) => {
    const places = events.flatMap((event) => {
      if (event.type !== 'OrderCancelled') return [];
      const { releaseSlot, merchantId } = event.data as { releaseSlot?: { start: string; testMode: boolean }; merchantId: string };
      return releaseSlot ? [{ merchantId, ...releaseSlot }] : [];
    });
    if (places.length > 0) await slots.releaseAll(tx, places);
  };
