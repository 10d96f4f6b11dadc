import type { MigrationSet } from '@seatside/chassis';
import { vapidKeysMigration } from './webpush';

/**
 * The notifications schema's own tables, as numbered migrations (docs/ARCHITECTURE.md, "Schema
 * migrations and upcasters"): applied once by the chassis before the service starts, recorded in
 * `notifications.schema_migrations`. Add the next number; never edit a landed one.
 */
export const notificationsMigrations = (schema: string): MigrationSet => ({
  component: 'notifications',
  migrations: [{ version: 1, name: 'the VAPID key pair', up: (db) => vapidKeysMigration(db, schema) }],
});
