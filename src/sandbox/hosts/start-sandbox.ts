import type { RunningHost } from '../../hosts';
import { createAudioProcessor } from '../audio';
import { createIvrBot } from '../ivr';
import type { SandboxScenario } from '../scenario';
import { startSandboxGrpcHost } from './grpc-host';
import { startSandboxHttpHost } from './http-host';
import { listServedMethods, type ServedMethod } from './sandbox-services';

export interface SandboxHostOptions {
  host: string;
  /** undefined: no HTTP host. */
  httpPort: number | undefined;
  /** undefined: no gRPC host. */
  grpcPort: number | undefined;
  maxMessageBytes: number;
  /** The clock (ms since the epoch); default Date.now. */
  now?: () => number;
}

export interface RunningSandbox {
  http: RunningHost | undefined;
  grpc: RunningHost | undefined;
  close(): Promise<void>;
}

/** The methods of both services on a scenario. */
export function createSandboxMethods(
  scenario: SandboxScenario,
  now: () => number = Date.now,
): ServedMethod[] {
  return listServedMethods({
    'vendor.biosec.v1.IVRBot': createIvrBot(scenario, now),
    'vendor.biosec.v1.AudioProcessor': createAudioProcessor(scenario),
  });
}

/** Starts the sandbox's hosts on one set of methods (so state, such as the prompt turn, is shared by both). */
export async function startSandbox(
  scenario: SandboxScenario,
  options: SandboxHostOptions,
): Promise<RunningSandbox> {
  const methods = createSandboxMethods(scenario, options.now);
  const common = { host: options.host, maxMessageBytes: options.maxMessageBytes };
  const http =
    options.httpPort === undefined
      ? undefined
      : await startSandboxHttpHost(methods, { ...common, port: options.httpPort });
  let grpc: RunningHost | undefined;
  try {
    grpc =
      options.grpcPort === undefined
        ? undefined
        : await startSandboxGrpcHost(methods, { ...common, port: options.grpcPort });
  } catch (error) {
    await http?.close();
    throw error;
  }
  return { http, grpc, close: async () => void (await Promise.all([http?.close(), grpc?.close()])) };
}
