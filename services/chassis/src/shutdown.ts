/** Stops on SIGINT/SIGTERM once, then exits; a second signal exits at once. */
export function onShutdown(stop: () => Promise<void>, logger: { info(msg: string): void; error(o: object, msg: string): void }): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    stop().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
}
