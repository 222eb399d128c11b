import type { EngineSimulatorOptions } from '../../simulation/engine-simulator';
import { createAudioProcessor } from '../audio/audio-processor';
import { CallSessions } from '../flow/call-sessions';
import type { SandboxWebhookTarget } from '../flow/sandbox-webhook';
import type { VirtualClock } from '../flow/virtual-clock';
import { createIvrBot } from '../ivr/ivr-bot';
import { RecordedMedia } from '../ivr/recorded-media';
import type { SandboxScenario } from '../scenario/sandbox-scenario';
import type { JsonMessage } from '../wire/proto-json';
import { listServedMethods, type ServedMethod } from './sandbox-services';

export interface SandboxWorldOptions {
  clock: VirtualClock;
  webhook?: SandboxWebhookTarget;
  engine?: EngineSimulatorOptions['model'];
}

/** What a world held when it was retired. */
export interface RetiredWorld {
  sessions: number;
  liveSessions: number;
  recordings: number;
}

/**
 * Everything the sandbox's calls change, as a scenario starts it: the sessions and the person store, the
 * recorder's recordings and media URNs, the liveness prompt turn. A reset retires the world and starts a
 * new one, so nothing of the old one can leak into the new: a request still running in the old one
 * finishes there, on state nobody reads any more.
 */
export interface SandboxWorld {
  readonly sessions: CallSessions;
  /** Answers a method of either service, by its gRPC path. */
  answer(path: string, request: JsonMessage): JsonMessage | Promise<JsonMessage>;
  /** Ends and forgets its sessions and stops calling the webhook for anything of it. */
  retire(): RetiredWorld;
}

/**
 * The methods of both services on a scenario, the IVR bot's sessions in `store`; the media URNs of its
 * recordings are audio the audio operations take.
 */
export function createSandboxMethods(
  scenario: SandboxScenario,
  store: CallSessions,
  media = new RecordedMedia(scenario),
): ServedMethod[] {
  return listServedMethods({
    'vendor.biosec.v1.IVRBot': createIvrBot(scenario, store, media),
    'vendor.biosec.v1.AudioProcessor': createAudioProcessor(media.viewScenario()),
  });
}

export function createSandboxWorld(scenario: SandboxScenario, options: SandboxWorldOptions): SandboxWorld {
  let retired = false;
  const target = options.webhook;
  // A retired world's steps still running (a request in flight, a timer mid-run) reach no webhook.
  const webhook: SandboxWebhookTarget | undefined =
    target === undefined
      ? undefined
      : {
          call: (session, variables) => {
            if (retired) throw new Error('the sandbox was reset: this session no longer exists');
            return target.call(session, variables);
          },
        };
  const sessions = new CallSessions(scenario, {
    clock: options.clock,
    ...(webhook === undefined ? {} : { webhook }),
    ...(options.engine === undefined ? {} : { engine: options.engine }),
  });
  const media = new RecordedMedia(scenario);
  const methods = new Map(
    createSandboxMethods(scenario, sessions, media).map((m) => [m.binding.path, m.answer]),
  );
  return {
    sessions,
    answer: (path, request) => {
      const method = methods.get(path);
      if (method === undefined) throw new Error(`no sandbox method ${path}`);
      return method(request);
    },
    retire: () => {
      retired = true;
      const cleared = sessions.clear();
      return { sessions: cleared.sessions, liveSessions: cleared.live, recordings: media.recordings };
    },
  };
}
