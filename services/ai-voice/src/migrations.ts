import type { MigrationSet } from '@seatside/chassis';
import { tokenKeyMigrations } from './token';

/**
 * The ai-voice schema's own tables, as numbered migrations (docs/ARCHITECTURE.md, "Schema migrations
 * and upcasters"). Add the next number; never edit a landed one.
 */
export const voiceMigrations = (schema: string): MigrationSet => ({
  component: 'ai-voice',
  migrations: [{ version: 1, name: 'the order token key', up: tokenKeyMigrations(schema) }],
});
