export * from './types';
export { createPgReadModelStore } from './pg';
export type { PgReadModelStoreOptions } from './pg';
export { createMemoryReadModelStore } from './memory';
export { MAX_PAGE_SIZE, decodeCursor, encodeCursor } from './rules';
export { SEARCH_LIMIT, isSearch, listOrSearch } from './search';
