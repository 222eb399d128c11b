import { startBareHttpServer } from './bare-http';

/**
 * The traffic suite's baseline as a process of its own, like `rulehook
 * serve`: prints its port as `serve` does, stops on SIGTERM.
 */
async function main(): Promise<void> {
  const host = await startBareHttpServer('127.0.0.1');
  console.log(`bare: HTTP listening on http://127.0.0.1:${host.port}`);
  process.once('SIGTERM', () => void host.close().then(() => process.exit(0)));
}

void main();
