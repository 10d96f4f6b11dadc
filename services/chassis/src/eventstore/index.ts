export type {
  AppendOptions,
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  InlineProjection,
  NewEvent,
  StoredEvent,
} from './types';
export { createMemoryEventStore } from './memory';
export { createPgEventStore, type EventStoreObserver, type PgEventStoreOptions } from './pg';
