import { quoteSchema } from '../db';

/** SQLSTATE the append function raises when the expected version does not hold. */
export const VERSION_MISMATCH = 'SE409';

/** Keys for transaction- and session-scoped advisory locks, one pair per schema. */
export const migrateLockKey = (schema: string) => `seatside:migrate:${schema}`;
const positionLockKey = (schema: string) => `seatside:event-positions:${schema}`;

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
      event_id uuid NOT NULL UNIQUE,
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
  `;
}

/**
 * One round trip per append: check the version, take positions, insert. No NOTIFY here: see pg-notify.ts.
 *
 * Why the short session lock around taking the transaction id and the positions: readers return only
 * rows whose tx_id is below the oldest running transaction. That is safe for a reader that
 * checkpoints by position only if position order follows tx_id order; otherwise an older
 * transaction could commit a higher position than a younger one still running and the reader would
 * checkpoint past the younger one's lower position. Taking both under one mutex makes the orders
 * agree. The lock is held for microseconds, not until commit, so appends still commit concurrently.
 *
 * A concurrent writer of the same stream and version fails on the unique key (23505), which the
 * adapter maps to a Conflict.
 */
function appendFunctionDdl(schema: string): string {
  const s = quoteSchema(schema);
  const lockKey = `hashtext('${positionLockKey(schema)}')`;
  return `
    CREATE OR REPLACE FUNCTION ${s}.append_events(p_stream_id text, p_expected text, p_events jsonb)
    RETURNS TABLE (r_position bigint, r_version int, r_recorded_at timestamptz)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_current int;
      v_count int := jsonb_array_length(p_events);
      v_tx xid8;
      v_positions bigint[];
    BEGIN
      SELECT coalesce(max(e.stream_version), 0) INTO v_current FROM ${s}.events e WHERE e.stream_id = p_stream_id;
      IF NOT (p_expected = 'any'
              OR (p_expected = 'stream_exists' AND v_current > 0)
              OR (p_expected ~ '^[0-9]+$' AND v_current = p_expected::int)) THEN
        RAISE EXCEPTION 'stream % is at version %', p_stream_id, v_current
          USING ERRCODE = '${VERSION_MISMATCH}', DETAIL = v_current::text;
      END IF;
      IF v_count = 0 THEN
        RETURN;
      END IF;
      IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
        RAISE EXCEPTION 'append_events must be the first write of its transaction (position order follows tx_id order)';
      END IF;

      PERFORM pg_advisory_lock(${lockKey});
      v_tx := pg_current_xact_id();
      v_positions := ARRAY(SELECT nextval('${s}.events_global_position_seq') FROM generate_series(1, v_count));
      PERFORM pg_advisory_unlock(${lockKey});

      RETURN QUERY
        INSERT INTO ${s}.events AS e (global_position, event_id, stream_id, stream_version, type, data, metadata, tx_id)
        SELECT v_positions[i::int], (ev ->> 'eventId')::uuid, p_stream_id, v_current + i, ev ->> 'type',
               coalesce(ev -> 'data', 'null'::jsonb), coalesce(ev -> 'metadata', '{}'::jsonb), v_tx
        FROM jsonb_array_elements(p_events) WITH ORDINALITY AS t(ev, i)
        RETURNING e.global_position, e.stream_version, e.recorded_at;
    END
    $fn$;
  `;
}
