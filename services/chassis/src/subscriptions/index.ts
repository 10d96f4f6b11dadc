export {
  CheckpointMoved,
  createMemoryCheckpointStore,
  createPgCheckpointStore,
  type CheckpointStore,
  type PgCheckpointStoreOptions,
} from './checkpoints';
export {
  createSubscription,
  type Subscription,
  type SubscriptionErrorInfo,
  type SubscriptionObserver,
  type SubscriptionOptions,
} from './subscription';
