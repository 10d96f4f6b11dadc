import { DomainError, quoteSchema, type CollectionSpec, type InlineProjection, type ReadModelStore, type Tx } from '@seatside/chassis';
import { collectionOfEvent, tenantMessages, type TenantCollection, type TenantFields } from './tenant';

export const tenants: CollectionSpec = { name: 'tenants', filterable: ['collection', 'handle'], sortable: ['createdAt'] };

export type TenantDoc = Omit<TenantFields, 'at'> & { collection: TenantCollection; createdAt: string; updatedAt: string };

/** One row per handle: the primary key keeps handles unique across merchants, venues and apps. */
export const handleClaimsTable = (schema: string) => `${quoteSchema(schema)}.handle_claims`;
export const handleClaimsMigration = (schema: string) =>
  `CREATE TABLE IF NOT EXISTS ${handleClaimsTable(schema)} (handle text PRIMARY KEY, collection text NOT NULL, tenant_id text NOT NULL)`;

function sqlOf(tx: Tx) {
  if (tx.kind !== 'pg') throw new Error('catalog: handle claims need the PostgreSQL event store');
  return tx.client;
}

export const projectTenants =
  (readModels: ReadModelStore, schema: string): InlineProjection =>
  async (events, tx) => {
    const docs = readModels.collection<TenantDoc>(tenants, tx);
    for (const stored of events) {
      const collection = collectionOfEvent(stored.type);
      if (!collection) continue;
      const { at, ...fields } = stored.data as TenantFields;
      const claimed = await sqlOf(tx).query(
        `INSERT INTO ${handleClaimsTable(schema)} (handle, collection, tenant_id) VALUES ($1, $2, $3) ON CONFLICT (handle) DO NOTHING`,
        [fields.handle, collection, fields.id],
      );
      if (claimed.rowCount === 0) throw new DomainError('Conflict', tenantMessages.handleTaken, { handle: tenantMessages.handleTaken });
      await docs.put({ ...fields, collection, createdAt: at, updatedAt: at });
    }
  };
