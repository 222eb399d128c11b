import { startBareGrpcServer } from './bare-grpc';

/** The largest message the bare server takes: `rulehook serve`'s default (`--max-message-bytes`). */
const MAX_MESSAGE_BYTES = 1_048_576;

/**
 * The traffic suite's gRPC baseline as a process of its own, like `rulehook
 * serve`: prints its port as `serve` does, stops on SIGTERM.
 */
async function main(): Promise<void> {
  const host = await startBareGrpcServer('127.0.0.1', MAX_MESSAGE_BYTES);
  console.log(`bare: gRPC listening on 127.0.0.1:${host.port}`);
  process.once('SIGTERM', () => void host.close().then(() => process.exit(0)));
}

void main();
