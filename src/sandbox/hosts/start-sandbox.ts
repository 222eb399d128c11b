import type { EngineSimulatorOptions } from '../../simulation/engine-simulator';
import type { RunningHost } from '../../hosts/running-host';
import { createAudioProcessor } from '../audio/audio-processor';
import { driveClock, VirtualClock } from '../flow/virtual-clock';
import { CallSessions } from '../flow/call-sessions';
import type { SandboxWebhookTarget } from '../flow/sandbox-webhook';
import { createIvrBot } from '../ivr/ivr-bot';
import { RecordedMedia } from '../ivr/recorded-media';
import type { SandboxScenario } from '../scenario/sandbox-scenario';
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
  /** The simulated clock, stepped by its owner (tests); default: one started now, driven at `speed`. */
  clock?: VirtualClock;
  /** Simulated seconds per real second when the sandbox drives its own clock; default 1. */
  speed?: number;
  /** Where the sessions' events go; undefined: nowhere (they are still raised and recorded). */
  webhook?: SandboxWebhookTarget;
  /** How the sessions' engine reads what its specification leaves open; default: rulehook's reading. */
  engine?: EngineSimulatorOptions['model'];
}

export interface RunningSandbox {
  http: RunningHost | undefined;
  grpc: RunningHost | undefined;
  sessions: CallSessions;
  close(): Promise<void>;
}

/**
 * The methods of both services on a scenario, the IVR bot's sessions in `store`; the media URNs of its
 * recordings are audio the audio operations take.
 */
export function createSandboxMethods(scenario: SandboxScenario, store: CallSessions): ServedMethod[] {
  const media = new RecordedMedia(scenario);
  return listServedMethods({
    'vendor.biosec.v1.IVRBot': createIvrBot(scenario, store, media),
    'vendor.biosec.v1.AudioProcessor': createAudioProcessor(media.viewScenario()),
  });
}

/** Starts the sandbox's hosts on one set of methods (so state, such as the sessions, is shared by both). */
export async function startSandbox(
  scenario: SandboxScenario,
  options: SandboxHostOptions,
): Promise<RunningSandbox> {
  const clock = options.clock ?? new VirtualClock();
  const stopClock = options.clock === undefined ? driveClock(clock, options.speed ?? 1) : () => undefined;
  const sessions = new CallSessions(scenario, {
    clock,
    ...(options.webhook === undefined ? {} : { webhook: options.webhook }),
    ...(options.engine === undefined ? {} : { engine: options.engine }),
  });
  const methods = createSandboxMethods(scenario, sessions);
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
            reportSession: (id) => sessions.get(id)?.report(),
          });
    grpc =
      options.grpcPort === undefined
        ? undefined
        : await startSandboxGrpcHost(methods, { ...common, port: options.grpcPort });
  } catch (error) {
    stopClock();
    await http?.close();
    throw error;
  }
  return {
    http,
    grpc,
    sessions,
    close: async () => {
      stopClock();
      await Promise.all([http?.close(), grpc?.close()]);
    },
  };
}
