import type { QueryResultRow } from 'pg';

/** Anything that runs SQL: a pg Pool, or a PoolClient inside a transaction. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }>;
}

/**
 * A transaction that adapters can join, so an inline projection commits or rolls back with the
 * events it projects. PostgreSQL adapters use `client`; in-memory adapters apply their writes at
 * once and register how to undo them.
 */
export type Tx =
  | { kind: 'pg'; client: Queryable }
  | { kind: 'memory'; onRollback(undo: () => void): void };

/** A schema name is interpolated into SQL, so only plain identifiers are accepted. */
export function quoteSchema(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  return `"${schema}"`;
}
