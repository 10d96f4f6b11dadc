// Entry points import only this file first: it reads the config and starts tracing before the
// modules tracing instruments (http, express, pg) are loaded, then loads the rest.
import { parseConfig, serviceConfigSchema } from './config';
import type { ServiceModule } from './service';
import { startTelemetry } from './telemetry';

/** A service's `main.ts`: `void bootService('chat', 8105, () => import('./index').then((m) => m.chatService))`. */
export async function bootService(name: string, defaultPort: number, load: () => Promise<ServiceModule>): Promise<void> {
  const config = parseConfig(serviceConfigSchema(name, defaultPort));
  const telemetry = await startTelemetry({ serviceName: config.OTEL_SERVICE_NAME ?? name, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const [{ runStandalone }, module] = await Promise.all([import('./standalone'), load()]);
  await runStandalone(module, { config, telemetry });
}
