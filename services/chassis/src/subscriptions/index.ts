export {
  CheckpointMoved,
  createMemoryCheckpointStore,
  createPgCheckpointStore,
  type CheckpointStore,
  type PgCheckpointStoreOptions,
} from './checkpoints';
export {
  BUSY_LOG_READS,
  createSubscription,
  type Subscription,
  type SubscriptionErrorInfo,
  type SubscriptionObserver,
  type SubscriptionOptions,
} from './subscription';
