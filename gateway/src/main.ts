import { createLogger, onShutdown, parseConfig, PortInUseError, startTelemetry } from '@seatside/chassis';
import { gatewayConfigSchema } from './config';
import { startDistributedGateway } from './distributed';
import { startEmbedded } from './embedded';

/** `npm start`: the whole platform in one process (or, with TOPOLOGY=distributed, the gateway alone). */
async function main() {
  const config = parseConfig(gatewayConfigSchema);
  const telemetry = await startTelemetry({ serviceName: config.OTEL_SERVICE_NAME ?? 'gateway', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const logger = createLogger({ service: 'seatside', level: config.LOG_LEVEL });
  try {
    const platform = config.TOPOLOGY === 'embedded' ? await startEmbedded(config) : await startDistributedGateway(config);
    console.log(`Seatside is running at ${platform.url}`);
    onShutdown(async () => {
      await platform.stop();
      await telemetry.shutdown();
    }, logger);
  } catch (err) {
    const message = err instanceof PortInUseError ? err.message : `Seatside failed to start: ${(err as Error).message}`;
    console.error(message);
    logger.debug({ err }, 'start failure');
    await telemetry.shutdown();
    process.exit(1);
  }
}

void main();
