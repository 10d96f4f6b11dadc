/**
 * Tracing is off unless an OTLP endpoint is configured: with no collector, spans would only cost,
 * so the SDK is not even loaded. Call first thing in a main, before the instrumented modules are used.
 */
export async function startTelemetry(options: { serviceName: string; otlpEndpoint?: string }): Promise<{ shutdown(): Promise<void> }> {
  if (!options.otlpEndpoint) return { shutdown: () => Promise.resolve() };
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { ExpressInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${options.otlpEndpoint.replace(/\/$/, '')}/v1/traces` }),
    instrumentations: [new HttpInstrumentation(), new ExpressInstrumentation(), new PgInstrumentation()],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
