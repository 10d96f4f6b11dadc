import type { MigrationSet } from '@seatside/chassis';
import { uploadSecretMigrations } from './uploads/secret';

/**
 * The media schema's own tables, as numbered migrations (docs/ARCHITECTURE.md, "Schema migrations
 * and upcasters"): applied once by the chassis before the service starts, recorded in
 * `media.schema_migrations`. Add the next number; never edit a landed one.
 */
export const mediaMigrations = (schema: string): MigrationSet => ({
  component: 'media',
  migrations: [{ version: 1, name: 'the upload policy key', up: uploadSecretMigrations(schema) }],
});
