import type { EngineSimulatorOptions } from '../../simulation/engine-simulator';
import { IVR_BOT_SERVICE, AUDIO_PROCESSOR_SERVICE } from '../../contract/proto-files';
import { createGrpcHealth } from '../../hosts/grpc/health';
import { Readiness } from '../../hosts/readiness';
import type { RunningHost } from '../../hosts/running-host';
import type { CallSessions } from '../flow/call-sessions';
import type { SandboxWebhookTarget } from '../flow/sandbox-webhook';
import type { VirtualClock } from '../flow/virtual-clock';
import type { SandboxScenario } from '../scenario/sandbox-scenario';
import { startSandboxGrpcHost } from './grpc-host';
import { startSandboxHttpHost } from './http-host';
import { listSandboxOnlyRoutes } from './sandbox-routes';
import { SandboxState, type ResetReport } from './sandbox-state';

export interface SandboxHostOptions {
  host: string;
  /** undefined: no HTTP host. */
  httpPort: number | undefined;
  /** undefined: no gRPC host. */
  grpcPort: number | undefined;
  maxMessageBytes: number;
  /** The simulated clock, stepped by its owner (tests); default: one started at `startTime`, driven at `speed`. */
  clock?: VirtualClock;
  /** Simulated seconds per real second when the sandbox drives its own clock; default 1. */
  speed?: number;
  /** ms since the epoch where the sandbox's own clock starts (and a reset puts it back); default: now. */
  startTime?: number;
  /** Where the sessions' events go; undefined: nowhere (they are still raised and recorded). */
  webhook?: SandboxWebhookTarget;
  /** How the sessions' engine reads what its specification leaves open; default: rulehook's reading. */
  engine?: EngineSimulatorOptions['model'];
}

export interface RunningSandbox {
  http: RunningHost | undefined;
  grpc: RunningHost | undefined;
  /** The sessions now (a reset replaces them). */
  readonly sessions: CallSessions;
  /** `ready` once every host listens, `draining` from `close` on: what `/readyz` and gRPC health report. */
  readiness: Readiness;
  /** What `POST /v1/sandbox/reset` does. */
  reset(): ResetReport;
  close(): Promise<void>;
}

/** The services the gRPC health service reports, besides the server as a whole (`""`). */
export const SANDBOX_HEALTH_SERVICES = ['', IVR_BOT_SERVICE, AUDIO_PROCESSOR_SERVICE];

/**
 * Starts the sandbox's hosts on one state (so what the calls change, such as the sessions, is shared by
 * both); it is ready once both listen (the webhook is the caller's, set up before).
 */
export async function startSandbox(
  scenario: SandboxScenario,
  options: SandboxHostOptions,
): Promise<RunningSandbox> {
  const state = new SandboxState(scenario, options);
  const readiness = new Readiness();
  const methods = state.listServedMethods();
  const common = { host: options.host, maxMessageBytes: options.maxMessageBytes };
  let http: RunningHost | undefined;
  let grpc: RunningHost | undefined;
  try {
    http =
      options.httpPort === undefined
        ? undefined
        : await startSandboxHttpHost(methods, {
            ...common,
            port: options.httpPort,
            sandboxRoutes: listSandboxOnlyRoutes(state, readiness),
          });
    grpc =
      options.grpcPort === undefined
        ? undefined
        : await startSandboxGrpcHost(methods, {
            ...common,
            port: options.grpcPort,
            health: createGrpcHealth({ readiness, revision: '' }, SANDBOX_HEALTH_SERVICES),
          });
  } catch (error) {
    state.stop();
    await http?.close();
    throw error;
  }
  readiness.markLoaded();
  return {
    http,
    grpc,
    get sessions() {
      return state.sessions;
    },
    readiness,
    reset: () => state.reset(),
    close: async () => {
      readiness.markDraining();
      state.stop();
      await Promise.all([http?.close(), grpc?.close()]);
    },
  };
}
