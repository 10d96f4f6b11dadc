import { createHash } from 'node:crypto';
import { quoteSchema } from '../db';

/** SQLSTATE the append function raises when the expected version does not hold. */
export const VERSION_MISMATCH = 'SE409';

/** A fixed 64-bit key, so the append does not hash a string on every call. */
const positionLockKey = (schema: string): string =>
  createHash('sha256').update(`seatside:event-positions:${schema}`).digest().readBigInt64BE(0).toString();

/**
 * The log table and the append function. `readAll` needs no index beyond the primary key: it
 * scans global_position upwards and only filters on tx_id.
 */
export function eventStoreDdl(schema: string): string {
  const s = quoteSchema(schema);
  return `
    CREATE SCHEMA IF NOT EXISTS ${s};
    CREATE TABLE IF NOT EXISTS ${s}.events (
      global_position bigserial PRIMARY KEY,
      event_id uuid NOT NULL,
      stream_id text NOT NULL,
      stream_version int NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}',
      tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      recorded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (stream_id, stream_version)
    );
    ${appendFunctionDdl(schema)}
    ${appendManyFunctionDdl(schema)}
  `;
}

/** How `append_to_stream` receives ExpectedVersion: a version (0 = no stream) or one of these. */
export const EXPECT_ANY = -1;
export const EXPECT_STREAM_EXISTS = -2;

/**
 * The PL/pgSQL both append functions are made of, so the rules live once.
 *
 * `checkVersion` answers a stream's current version into `v_current`, or raises VERSION_MISMATCH
 * (with the stream in HINT, which the adapter reads for a many-stream append).
 */
const checkVersion = (s: string, stream: string, expected: string) => `
      SELECT coalesce(max(e.stream_version), 0) INTO v_current FROM ${s}.events e WHERE e.stream_id = ${stream};
      IF NOT (${expected} = ${EXPECT_ANY} OR v_current = ${expected} OR (${expected} = ${EXPECT_STREAM_EXISTS} AND v_current > 0)) THEN
        RAISE EXCEPTION 'stream % is at version %', ${stream}, v_current
          USING ERRCODE = '${VERSION_MISMATCH}', DETAIL = v_current::text, HINT = ${stream};
      END IF;`;

/**
 * `takePositions` takes the transaction id into `v_tx` and `count` positions into `r_positions`.
 *
 * Why the short session lock around taking the transaction id and the positions: readers return only
 * rows whose tx_id is below the oldest running transaction. That is safe for a reader that
 * checkpoints by position only if position order follows tx_id order; otherwise an older
 * transaction could commit a higher position than a younger one still running and the reader would
 * checkpoint past the younger one's lower position. Taking both under one mutex makes the orders
 * agree, provided the append is the transaction's first write (checked). The lock is held for
 * microseconds, not until commit, so appends still commit concurrently.
 */
const takePositions = (s: string, lockKey: string, count: string) => `
      IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
        RAISE EXCEPTION 'an append must be the first write of its transaction';
      END IF;
      v_void := pg_advisory_lock(${lockKey})::text;
      v_tx := pg_current_xact_id();
      FOR k IN 1..${count} LOOP
        r_positions[k] := nextval('${s}.events_global_position_seq');
      END LOOP;
      v_void := pg_advisory_unlock(${lockKey})::text;`;

/** `insertEvents` inserts one stream's events (a jsonb array) from `firstVersion`, at `r_positions` after `offset`. */
const insertEvents = (s: string, o: { stream: string; events: string; firstVersion: string; offset: string }) => `
      INSERT INTO ${s}.events (global_position, event_id, stream_id, stream_version, type, data, metadata, tx_id, recorded_at)
      SELECT r_positions[${o.offset} + t.i::int], (t.ev ->> 'eventId')::uuid, ${o.stream}, ${o.firstVersion} - 1 + t.i::int, t.ev ->> 'type',
             coalesce(t.ev -> 'data', 'null'::jsonb), coalesce(t.ev -> 'metadata', '{}'::jsonb), v_tx, r_recorded_at
      FROM jsonb_array_elements(${o.events}) WITH ORDINALITY AS t(ev, i);`;

/**
 * One round trip per append: check the version, take positions, insert. No NOTIFY here: see
 * pg-notify.ts. Assignments rather than PERFORM, and OUT parameters rather than RETURNING, keep
 * PL/pgSQL on its cheap paths: the append is CPU-bound when many run at once. (Kept apart from
 * `append_to_streams` rather than calling it with one stream: that costs a single append ~10 %.)
 *
 * A concurrent writer of the same stream and version fails on the unique key (23505), which the
 * adapter maps to a Conflict.
 */
function appendFunctionDdl(schema: string): string {
  const s = quoteSchema(schema);
  return `
    CREATE OR REPLACE FUNCTION ${s}.append_to_stream(
      p_stream_id text, p_expected int, p_events jsonb,
      OUT r_positions bigint[], OUT r_first_version int, OUT r_recorded_at timestamptz)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_current int;
      v_count int := jsonb_array_length(p_events);
      v_tx xid8;
      v_void text;
    BEGIN${checkVersion(s, 'p_stream_id', 'p_expected')}
      r_first_version := v_current + 1;
      r_recorded_at := now();
      IF v_count = 0 THEN
        RETURN;
      END IF;${takePositions(s, positionLockKey(schema), 'v_count')}${insertEvents(s, { stream: 'p_stream_id', events: 'p_events', firstVersion: 'r_first_version', offset: '0' })}
    END
    $fn$;
  `;
}

/**
 * `append_to_stream` for several streams in one call and one transaction (all or nothing): every
 * version is checked first, then the positions of all the events are taken under the same short
 * lock, so position order still follows transaction-id order. `p_streams` is
 * `[{"s": streamId, "x": expected, "e": [events]}]`; a mismatch names its stream in HINT.
 */
function appendManyFunctionDdl(schema: string): string {
  const s = quoteSchema(schema);
  return `
    CREATE OR REPLACE FUNCTION ${s}.append_to_streams(
      p_streams jsonb, OUT r_positions bigint[], OUT r_first_versions int[], OUT r_recorded_at timestamptz)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_item jsonb;
      v_i int := 0;
      v_current int;
      v_total int := 0;
      v_offset int := 0;
      v_tx xid8;
      v_void text;
    BEGIN
      r_recorded_at := now();
      FOR v_item IN SELECT value FROM jsonb_array_elements(p_streams) LOOP
        v_i := v_i + 1;${checkVersion(s, "v_item ->> 's'", "(v_item ->> 'x')::int")}
        r_first_versions[v_i] := v_current + 1;
        v_total := v_total + jsonb_array_length(v_item -> 'e');
      END LOOP;
      IF v_total = 0 THEN
        RETURN;
      END IF;${takePositions(s, positionLockKey(schema), 'v_total')}

      v_i := 0;
      FOR v_item IN SELECT value FROM jsonb_array_elements(p_streams) LOOP
        v_i := v_i + 1;${insertEvents(s, { stream: "v_item ->> 's'", events: "v_item -> 'e'", firstVersion: 'r_first_versions[v_i]', offset: 'v_offset' })}
        v_offset := v_offset + jsonb_array_length(v_item -> 'e');
      END LOOP;
    END
    $fn$;
  `;
}
