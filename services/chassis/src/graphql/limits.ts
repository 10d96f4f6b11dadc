import type { RequestHandler } from 'express';
import { GraphQLError, Kind, parse, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/**
 * How big one GraphQL request may be. Measured on the parsed document before validation, query
 * planning or execution, so an oversized request costs a parse and a walk, never a plan or a fetch
 * (2,000 aliases of one field once took the gateway 10 s).
 */
export interface QueryLimits {
  /** Nesting of fields (`{ a { b } }` is 2); fragments count where they are spread. */
  maxDepth: number;
  /** Every field selected, aliases and fragment spreads included (a spread counts its fragment's fields each time). */
  maxFields: number;
  /** Fields with an alias (`x: ping`), fragments included. */
  maxAliases: number;
  /** Lexical tokens the parser reads at most: bounds the parse itself. */
  maxTokens: number;
}

export const defaultQueryLimits: QueryLimits = { maxDepth: 12, maxFields: 500, maxAliases: 50, maxTokens: 10_000 };

export interface QuerySize {
  depth: number;
  fields: number;
  aliases: number;
}

/** What a caller is told; one wording for the gateway and the subgraphs. */
export const queryLimitMessages = {
  tooDeep: (depth: number, max: number) => `This query is too deep: ${depth} levels of fields, at most ${max} are allowed.`,
  tooManyFields: (fields: number, max: number) => `This query selects too many fields: ${fields}, at most ${max} are allowed.`,
  tooManyAliases: (aliases: number, max: number) => `This query uses too many aliases: ${aliases}, at most ${max} are allowed.`,
  cyclicFragments: 'This query spreads a fragment inside itself.',
  tooLong: (max: number) => `This query is too long: more than ${max} tokens are not read.`,
} as const;

/** The error code of a refused request (GraphQL `extensions.code`), answered with HTTP 400. */
export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);
const none: QuerySize = { depth: 0, fields: 0, aliases: 0 };

class CyclicFragments extends Error {}

/**
 * The size of a document: the largest depth, and the fields and aliases of all its operations
 * together. Each fragment is measured once (memoized), so the walk is linear in the document even
 * when spreads multiply what it asks for. An introspection field (`__schema`, `__type`) counts as one
 * field: whether introspection is allowed at all is the server's `introspection` setting.
 */
export function measureDocument(document: DocumentNode): QuerySize {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const measured = new Map<string, QuerySize>();
  const visiting = new Set<string>();

  const fragmentSize = (name: string): QuerySize => {
    const known = measured.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    if (!fragment) return none; // validation reports an unknown fragment
    if (visiting.has(name)) throw new CyclicFragments();
    visiting.add(name);
    const size = selectionSize(fragment.selectionSet);
    visiting.delete(name);
    measured.set(name, size);
    return size;
  };

  const selectionSize = (set: SelectionSetNode | undefined): QuerySize => {
    const total = { depth: 0, fields: 0, aliases: 0 };
    for (const selection of set?.selections ?? []) {
      let size: QuerySize;
      if (selection.kind === Kind.FIELD) {
        const inner = INTROSPECTION_ROOTS.has(selection.name.value) ? none : selectionSize(selection.selectionSet);
        size = { depth: inner.depth + 1, fields: inner.fields + 1, aliases: inner.aliases + (selection.alias ? 1 : 0) };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        size = selectionSize(selection.selectionSet);
      } else {
        size = fragmentSize(selection.name.value);
      }
      total.depth = Math.max(total.depth, size.depth);
      total.fields += size.fields;
      total.aliases += size.aliases;
    }
    return total;
  };

  const total = { depth: 0, fields: 0, aliases: 0 };
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const size = selectionSize(definition.selectionSet);
    total.depth = Math.max(total.depth, size.depth);
    total.fields += size.fields;
    total.aliases += size.aliases;
  }
  return total;
}

/** Why a document is refused, or undefined when it is within the limits. */
export function queryLimitRefusal(document: DocumentNode, limits: QueryLimits = defaultQueryLimits): string | undefined {
  let size: QuerySize;
  try {
    size = measureDocument(document);
  } catch (err) {
    if (err instanceof CyclicFragments) return queryLimitMessages.cyclicFragments;
    throw err;
  }
  if (size.depth > limits.maxDepth) return queryLimitMessages.tooDeep(size.depth, limits.maxDepth);
  if (size.aliases > limits.maxAliases) return queryLimitMessages.tooManyAliases(size.aliases, limits.maxAliases);
  if (size.fields > limits.maxFields) return queryLimitMessages.tooManyFields(size.fields, limits.maxFields);
  return undefined;
}

const refuse = (res: Parameters<RequestHandler>[1], message: string, code: string) =>
  res.status(400).json({ errors: [{ message, extensions: { code } }] });

/**
 * Express middleware in front of a GraphQL server: parses the request's query (at most
 * `maxTokens` tokens) and answers 400 with a GraphQL error body when it is too big, before the
 * server validates, plans or executes anything. Anything it cannot read passes on to the server,
 * which answers it as it always does.
 */
export function queryLimits(limits: QueryLimits = defaultQueryLimits): RequestHandler {
  return (req, res, next) => {
    const body = req.body as { query?: unknown } | undefined;
    const query = req.method === 'GET' ? req.query.query : body?.query;
    if (typeof query !== 'string') return next();
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: limits.maxTokens });
    } catch (err) {
      // graphql-js words its token limit as a syntax error ("Document contains more that N tokens").
      if (err instanceof GraphQLError && /contains more th(?:an|at) \d+ tokens/.test(err.message)) return refuse(res, queryLimitMessages.tooLong(limits.maxTokens), QUERY_TOO_COMPLEX);
      if (err instanceof GraphQLError) return refuse(res, err.message, 'GRAPHQL_PARSE_FAILED');
      return next(err);
    }
    const refusal = queryLimitRefusal(document, limits);
    if (refusal) return refuse(res, refusal, QUERY_TOO_COMPLEX);
    next();
  };
}
