import type { MigrationSet } from '@seatside/chassis';
import { requestLogBodiesSql, requestLogSegmentsSql, requestLogsTableSql } from './request-logs';
import { signingKeysTable } from './tokens';
import { usersMigrations } from './users/directory';

/**
 * The identity schema's own tables, as numbered migrations (docs/ARCHITECTURE.md, "Schema migrations
 * and upcasters"): applied once by the chassis before the service starts, recorded in
 * `identity.schema_migrations`. Add the next number; never edit a landed one.
 */
export const identityMigrations = (schema: string): MigrationSet => ({
  component: 'identity',
  migrations: [
    {
      version: 1,
      // What every identity schema had before migrations were recorded (IF NOT EXISTS: adopted as is).
      // The signing key itself is made on start (it is sealed with the data key ring, which SQL has not).
      name: 'email claims, access token signing keys',
      up: [...usersMigrations(schema), signingKeysTable(schema)],
    },
    {
      version: 2,
      name: 'request logs: a typed append-only table, the rows of the jsonb read model moved into it',
      up: requestLogsTableSql(schema),
    },
    {
      version: 3,
      name: 'request logs: each body stored once per tenant and day, named by hash from the rows',
      up: requestLogBodiesSql(schema),
    },
    {
      version: 4,
      name: 'request logs: filed in segments (a few rows per published batch), the rows of migrations 2 and 3 moved over',
      up: requestLogSegmentsSql(schema),
    },
  ],
});
