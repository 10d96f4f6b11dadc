import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentNode } from 'graphql';
import type { SubgraphSource } from '@seatside/gateway/src/graphql/compose';

const SUBGRAPH_FILE = join('src', 'subgraph.ts');

/** The service folders under `servicesDir` that have a `src/subgraph.ts`, sorted by name. */
export function findSubgraphFiles(servicesDir: string): { name: string; file: string }[] {
  if (!existsSync(servicesDir)) return [];
  return readdirSync(servicesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ name: entry.name, file: join(servicesDir, entry.name, SUBGRAPH_FILE) }))
    .filter(({ file }) => existsSync(file))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const isDocument = (value: unknown): value is DocumentNode =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Document';

/** Reads `typeDefs` from a module, whether the loader hands it over as ESM or CommonJS. */
function typeDefsOf(mod: Record<string, unknown>): unknown {
  return mod.typeDefs ?? (mod.default as Record<string, unknown> | undefined)?.typeDefs;
}

/** Imports each service's subgraph module; the folder name is the subgraph name. */
export async function loadSubgraphs(servicesDir: string): Promise<SubgraphSource[]> {
  const sources: SubgraphSource[] = [];
  for (const { name, file } of findSubgraphFiles(servicesDir)) {
    // An absolute path, not a file URL: jest turns import() into require(), which takes only paths.
    const typeDefs = typeDefsOf((await import(file)) as Record<string, unknown>);
    if (!isDocument(typeDefs)) throw new Error(`${file} must export typeDefs, a DocumentNode made with gql`);
    sources.push({ name, typeDefs });
  }
  return sources;
}
