import fs from 'node:fs';
import path from 'node:path';

/** The supergraph composed at build time by tools/supergraph (committed, checked in CI). */
export function readSupergraph(): string {
  return fs.readFileSync(path.join(__dirname, '..', 'supergraph.graphql'), 'utf8');
}
