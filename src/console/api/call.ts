import type { EngineModel } from '../../filter/engine-model';
import { DEFAULT_SESSION_KEY } from '../../processor/session-key';
import { describeKind, isRecord, refuseField, type ApiResult } from './api-result';
import { readDecisionsCall, readEventsCall, readRecordingCall, type CallInputs } from './call-sources';
import { runCall, type CallInput } from './call-timeline';
import { compileEdits } from './compile-edits';
import type { ConsoleContext } from './console-context';
import { readFilesField } from './read-files-field';
import { fetchSandboxCall } from './sandbox-call';
import { noLiveDecisions } from './decisions-stream';

const SOURCES = 'recording, events, decisions, sandbox';

/**
 * `POST /console/api/call` `{source, files?}`: one call as a timeline, from a recording, a list of events,
 * the live decisions of one session, or a sandbox session; every event run through the engine model of
 * `test` and `replay` in front of the pack's rules (a sandbox session: as the sandbox ran it). With
 * `files` (edited texts by pack path), also `against_edited`: the same events against the edited rules,
 * loaded and compiled as `evaluate` does (compileEdits).
 */
export async function runCallEndpoint(
  body: Record<string, unknown>,
  context: ConsoleContext,
): Promise<ApiResult> {
  const source = body.source;
  if (!isRecord(source))
    return refuseField('source', `expected an object naming one of ${SOURCES}, got ${describeKind(source)}`);
  const files = readFilesField(body);
  if (!files.ok) return files.result;
  if ('sandbox' in source) {
    const sandbox = isRecord(source.sandbox) ? source.sandbox : {};
    const call = await fetchSandboxCall(sandbox.url, sandbox.call_session_id);
    return call.ok ? { status: 200, body: { events: call.events } } : call.result;
  }
  const sessionKey = context.sessionKey ?? DEFAULT_SESSION_KEY;
  const inputs = await readInputs(source, context, sessionKey);
  if (!inputs.ok) return inputs.result;
  const options = { sessionKey, engine: context.engine ?? {} };
  const current = await runAgainst(context, new Map(), inputs.inputs, options);
  if (!current.ok || body.files === undefined) return current.result;
  const edited = await runAgainst(context, files.value, inputs.inputs, options);
  if (!edited.ok) return edited.result;
  return { status: 200, body: { events: current.events, against_edited: edited.events } };
}

async function readInputs(
  source: Record<string, unknown>,
  context: ConsoleContext,
  sessionKey: string,
): Promise<CallInputs> {
  if ('recording' in source)
    return readRecordingCall(context.pack.root, source.recording, source.session_id, sessionKey);
  if ('events' in source) return readEventsCall(source.events);
  if ('decisions' in source) {
    if (context.decisions === undefined) return { ok: false, result: noLiveDecisions() };
    return readDecisionsCall(await context.decisions.gatherRecent(), source.decisions, sessionKey);
  }
  return { ok: false, result: refuseField('source', `expected one of ${SOURCES}`) };
}

type Ran =
  { ok: true; events: ReturnType<typeof runCall>; result: ApiResult } | { ok: false; result: ApiResult };

async function runAgainst(
  context: ConsoleContext,
  files: ReadonlyMap<string, string>,
  inputs: readonly CallInput[],
  options: { sessionKey: string; engine: EngineModel },
): Promise<Ran> {
  const compiled = await compileEdits(context.pack, files);
  if (!compiled.ok) return compiled;
  const events = runCall(compiled.book, inputs, options);
  return { ok: true, events, result: { status: 200, body: { events } } };
}
