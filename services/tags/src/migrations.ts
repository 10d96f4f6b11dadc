import type { MigrationSet } from '@seatside/chassis';
import { tagDailyStats } from './stats/store';
import { tagCodeClaims } from './tags/projections';

/**
 * The tags schema's own tables, as numbered migrations (docs/ARCHITECTURE.md, "Schema migrations
 * and upcasters"): applied once by the chassis before the service starts, recorded in
 * `tags.schema_migrations`. Add the next number; never edit a landed one.
 */
export const tagsMigrations = (schema: string): MigrationSet => ({
  component: 'tags',
  migrations: [
    {
      version: 1,
      // What every tags schema had before migrations were recorded (IF NOT EXISTS: adopted as is).
      name: 'tag code claims, daily stats',
      up: [tagCodeClaims(schema).migration, tagDailyStats(schema).migration],
    },
  ],
});
