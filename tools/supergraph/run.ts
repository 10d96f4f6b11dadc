import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { composeSupergraph, CompositionError, renderSupergraphFile } from '@seatside/gateway/src/graphql/compose';
import { loadSubgraphs } from './discover';

export interface ComposeOptions {
  servicesDir: string;
  outputFile: string;
  /** How messages name the output file, e.g. `gateway/supergraph.graphql`. */
  outputLabel: string;
  /** Compare with the committed file instead of writing it. */
  check: boolean;
}

export interface ComposeOutcome {
  exitCode: 0 | 1;
  message: string;
}

const fail = (message: string): ComposeOutcome => ({ exitCode: 1, message });

/** Composes every service subgraph, then writes the supergraph file or checks it is current. */
export async function runCompose(options: ComposeOptions): Promise<ComposeOutcome> {
  const sources = await loadSubgraphs(options.servicesDir);
  if (sources.length === 0) return fail(`no subgraphs found (looked for ${options.servicesDir}/*/src/subgraph.ts)`);
  let contents: string;
  try {
    contents = renderSupergraphFile(composeSupergraph(sources));
  } catch (error) {
    if (error instanceof CompositionError) return fail(error.message);
    throw error;
  }
  const names = sources.map((s) => s.name).join(', ');
  if (options.check) {
    const committed = existsSync(options.outputFile) ? readFileSync(options.outputFile, 'utf8') : undefined;
    if (committed !== contents) return fail(`${options.outputLabel} is stale: run npm run supergraph`);
    return { exitCode: 0, message: `${options.outputLabel} is up to date (${names})` };
  }
  writeFileSync(options.outputFile, contents);
  return { exitCode: 0, message: `wrote ${options.outputLabel} from ${sources.length} subgraph(s): ${names}` };
}
