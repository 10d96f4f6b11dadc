export { protoTimestamp, published, publication, type AnyPublication, type Publication, type Publications, type PublishedMessage, type PublishedRow, type PublishMapping } from './types';
export { publicationFor, publishEvents, replayPublished } from './publish';
export { committedPublished, createPgPublishedReader, insertPublished, type PublishedEvent, type PublishedLogReader } from './pg';
export { subscriptionOverPublished, type Delivered, type SubscribePublishedOptions } from './subscribe';
