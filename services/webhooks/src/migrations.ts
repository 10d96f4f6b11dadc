import type { MigrationSet } from '@seatside/chassis';
import { deliveryTables } from './deliveries/store';

/** The webhooks schema's own tables (docs/ARCHITECTURE.md, "Schema migrations and upcasters"). Add the next number; never edit a landed one. */
export const webhooksMigrations = (schema: string): MigrationSet => ({
  component: 'webhooks',
  migrations: [{ version: 1, name: 'deliveries (outbox and log), signing keys', up: [deliveryTables(schema).migration] }],
});
