import type { EngineModel } from '../../filter/engine-model';
import { DEFAULT_SESSION_KEY } from '../../processor/session-key';
import {
  readDecisionsCall,
  readEventsCall,
  readRecordingCall,
  type ApiError,
  type CallInputs,
} from './call-sources';
import { runCall, type CallEvent } from './call-timeline';
import type { DecisionFeed } from './decision-feed';
import { loadPackBook, type ConsolePack } from './load-pack-book';
import { fetchSandboxCall } from './sandbox-call';

export interface CallContext {
  pack: ConsolePack;
  /** serve's decisions (`{decisions: session_id}`); absent for the console on its own. */
  decisions?: DecisionFeed | undefined;
  /** The variable naming an event's session (serve's `--session-key`). */
  sessionKey?: string | undefined;
  engine?: EngineModel | undefined;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

const error = ({ status, code, message }: ApiError): ApiAnswer => ({
  status,
  body: { error: { code, message } },
});

/**
 * `POST /console/api/call`: one call as a timeline, from a recording, a list of events, the live decisions
 * of one session, or a sandbox session; every event run through the engine model of `test` and `replay`
 * in front of the pack's rules (a sandbox session: as the sandbox ran it). With `files` (edited texts by
 * path), also `against_edited`: the same events against the edited rules.
 */
export async function answerCall(body: unknown, context: CallContext): Promise<ApiAnswer> {
  const request = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const source = request.source as Record<string, unknown> | undefined;
  const files = request.files;
  if (typeof source !== 'object' || source === null)
    return error({ status: 400, code: 'BAD_REQUEST', message: 'the body needs a source' });
  if (files !== undefined && !isTextMap(files))
    return error({ status: 400, code: 'BAD_REQUEST', message: 'files must map paths to texts' });
  if ('sandbox' in source) {
    const sandbox = (source.sandbox ?? {}) as Record<string, unknown>;
    const call = await fetchSandboxCall(sandbox.url, sandbox.call_session_id);
    return call.ok ? { status: 200, body: { events: call.events } } : error(call.error);
  }
  const sessionKey = context.sessionKey ?? DEFAULT_SESSION_KEY;
  const inputs = await readInputs(source, context, sessionKey);
  if (!inputs.ok) return error(inputs.error);
  const options = { sessionKey, ...(context.engine === undefined ? {} : { engine: context.engine }) };
  const current = await runAgainst(context.pack, {}, inputs, options);
  if (!current.ok) return current.answer;
  if (files === undefined) return { status: 200, body: { events: current.events } };
  const edited = await runAgainst(context.pack, files, inputs, options);
  if (!edited.ok) return edited.answer;
  return { status: 200, body: { events: current.events, against_edited: edited.events } };
}

function readInputs(
  source: Record<string, unknown>,
  context: CallContext,
  sessionKey: string,
): CallInputs | Promise<CallInputs> {
  if ('recording' in source)
    return readRecordingCall(context.pack.cwd, source.recording, source.session_id, sessionKey);
  if ('events' in source) return readEventsCall(source.events);
  if ('decisions' in source) return readDecisionsCall(context.decisions, source.decisions, sessionKey);
  return {
    ok: false,
    error: {
      status: 400,
      code: 'BAD_REQUEST',
      message: 'source must be one of recording, events, decisions, sandbox',
    },
  };
}

async function runAgainst(
  pack: ConsolePack,
  files: Record<string, string>,
  inputs: Extract<CallInputs, { ok: true }>,
  options: { sessionKey: string; engine?: EngineModel },
): Promise<{ ok: true; events: CallEvent[] } | { ok: false; answer: ApiAnswer }> {
  const book = await loadPackBook(pack, files);
  if (!book.ok) return { ok: false, answer: { status: 422, body: { diagnostics: book.diagnostics } } };
  return { ok: true, events: runCall(book.book, inputs.inputs, options) };
}

function isTextMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === 'string')
  );
}
