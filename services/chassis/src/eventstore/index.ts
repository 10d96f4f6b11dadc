export type {
  AppendOptions,
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  InlineProjection,
  NewEvent,
  StoredEvent,
  StreamAppend,
} from './types';
export { createMemoryEventStore } from './memory';
export { createPgEventStore, type EventStoreObserver, type PgEventStoreOptions } from './pg';
export { createGroupCommit, type GroupCommit } from './group-commit';
export { isVersionConflict, VersionConflict, versionMessages } from './expected-version';
export { committedEvents, eventStoreMigrations } from './pg';
export { upcasterChain, type Upcaster } from './upcasters';
export { independent, isPipelined } from './pipelined';
