// `npm start`: the whole platform in one process (or, with TOPOLOGY=distributed, the gateway alone).
// Only config and tracing are imported up front, so tracing starts before http, express and pg load.
import { parseConfig } from '@seatside/chassis/src/config';
import { PortInUseError } from '@seatside/chassis/src/http/listen';
import { createLogger } from '@seatside/chassis/src/logger';
import { onShutdown } from '@seatside/chassis/src/shutdown';
import { startTelemetry } from '@seatside/chassis/src/telemetry';
import { gatewayConfigSchema } from './config';
import { startupWarnings } from './warnings';

async function main() {
  const config = parseConfig(gatewayConfigSchema);
  const telemetry = await startTelemetry({ serviceName: config.OTEL_SERVICE_NAME ?? 'gateway', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const logger = createLogger({ service: 'seatside', level: config.LOG_LEVEL });
  try {
    const platform =
      config.TOPOLOGY === 'embedded'
        ? await (await import('./embedded')).startEmbedded(config)
        : await (await import('./distributed')).startDistributedGateway(config);
    if (config.DEMO_DATA) {
      const { demoAccount, seedDemoData } = await import('./demo');
      await seedDemoData(platform.url, logger);
      console.log(`Sample merchants are ready: sign in as ${demoAccount.email} / ${demoAccount.password}`);
    }
    // Before the URL is printed: a Ctrl-C (or a harness's SIGINT) the moment it shows must stop gracefully, not kill.
    onShutdown(async () => {
      await platform.stop();
      await telemetry.shutdown();
    }, logger);
    console.log(`Seatside is running at ${platform.url}`);
    for (const warning of startupWarnings(config)) console.warn(warning);
    if (!config.DEMO_DATA) console.log('Sample merchants with menus and products: start with DEMO_DATA=true');
  } catch (err) {
    const message = err instanceof PortInUseError ? err.message : `Seatside failed to start: ${(err as Error).message}`;
    console.error(message);
    logger.debug({ err }, 'start failure');
    await telemetry.shutdown();
    process.exit(1);
  }
}

void main();
