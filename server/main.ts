/**
 * CLI entry of the reference server (`npm start`). Flags and variables: see README. Prints the base URLs, the
 * docs URL and, in demo mode, the demo keys; shuts down gracefully on SIGTERM / SIGINT.
 */
import { ConfigError, parseConfig } from './config.ts';
import { DOCS_FILE, startServer } from './server.ts';
import { formatBanner } from './banner.ts';

async function main() {
  let config;
  try {
    config = parseConfig(process.argv.slice(2), process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`configuration error: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  let running;
  try {
    running = await startServer(config);
  } catch (e) {
    console.error(`cannot start: ${(e as Error).message.split('\n')[0]}`);
    process.exit(1);
  }
  console.log(formatBanner(running, config, DOCS_FILE));

  let signalled = false;
  const shutdown = (signal: string) => {
    if (signalled) return;
    signalled = true;
    running.logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // The drain cuts connections at SHUTDOWN_TIMEOUT_MS; this is the backstop should closing the rest then hang.
    const forceAfterMs = config.timeouts.shutdownMs + 5_000;
    const force = setTimeout(() => {
      running.logger.error(`shutdown timed out after ${forceAfterMs / 1000} s; exiting`);
      process.exit(1);
    }, forceAfterMs);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (e: unknown) => {
        running.logger.error({ err: e }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

await main();
