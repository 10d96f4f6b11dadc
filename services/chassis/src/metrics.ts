import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The process's Prometheus metrics: one registry, shared by the gateway and embedded services. */
export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  eventsAppended: Counter<'service'>;
  appendDuration: Histogram<'service'>;
  consumerLag: Gauge<'service' | 'subscription'>;
  /** Observers in the shape the event store and subscriptions accept. */
  eventStoreObserver(service: string): { appended(events: number, seconds: number): void };
  subscriptionObserver(service: string): { lag(name: string, behind: number): void };
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const eventsAppended = new Counter({
    name: 'eventstore_events_appended_total',
    help: 'Events appended to the event store',
    labelNames: ['service'] as const,
    registers: [registry],
  });
  const appendDuration = new Histogram({
    name: 'eventstore_append_duration_seconds',
    help: 'Duration of one append transaction',
    labelNames: ['service'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const consumerLag = new Gauge({
    name: 'subscription_consumer_lag_events',
    help: 'Events between a subscription checkpoint and the head of the log',
    labelNames: ['service', 'subscription'] as const,
    registers: [registry],
  });
  return {
    registry,
    httpDuration,
    eventsAppended,
    appendDuration,
    consumerLag,
    eventStoreObserver: (service) => ({
      appended(events, seconds) {
        eventsAppended.inc({ service }, events);
        appendDuration.observe({ service }, seconds);
      },
    }),
    subscriptionObserver: (service) => ({
      lag(subscription, behind) {
        consumerLag.set({ service, subscription }, behind);
      },
    }),
  };
}
