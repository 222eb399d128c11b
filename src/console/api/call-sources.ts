import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { decodeEventJson } from '../../contract/event-json';
import { NO_EVENT_LIMITS } from '../../contract/event-limits';
import { readRecording } from '../../replay/input/read-recording';
import { createRecordingSource } from '../../replay/input/open-recording';
import type { CallInput } from './call-timeline';
import type { DecisionFeed } from './decision-feed';

/** Events a call may have at most, whatever its source: a call is read whole, in memory. */
export const MAX_CALL_EVENTS = 10_000;

export interface ApiError {
  status: number;
  code: string;
  message: string;
}

export type CallInputs = { ok: true; inputs: CallInput[] } | { ok: false; error: ApiError };

const refuse = (status: number, code: string, message: string): CallInputs => ({
  ok: false,
  error: { status, code, message },
});

/**
 * `{recording: path, session_id?}`: the events of a recording (`serve --record`, a decision log, what
 * `rulehook replay` reads), by path relative to the pack's root and inside it; with `session_id`, only
 * that session's. Read by replay's readers, a bad line refusing the whole recording.
 */
export async function readRecordingCall(
  root: string,
  file: unknown,
  sessionId: unknown,
  sessionKey: string,
): Promise<CallInputs> {
  if (typeof file !== 'string' || file === '') return refuse(400, 'BAD_REQUEST', 'recording must be a path');
  if (sessionId !== undefined && typeof sessionId !== 'string')
    return refuse(400, 'BAD_REQUEST', 'session_id must be a string');
  const resolved = path.resolve(root, file);
  const inside = path.relative(root, resolved);
  if (path.isAbsolute(file) || inside.startsWith('..') || path.isAbsolute(inside))
    return refuse(400, 'BAD_REQUEST', `recording ${file} is not a path inside the pack`);
  const inputs: CallInput[] = [];
  try {
    // A symbolic link inside the pack may point out of it: the file itself must be inside.
    const real = path.relative(await realpath(root), await realpath(resolved));
    if (real.startsWith('..') || path.isAbsolute(real))
      return refuse(400, 'BAD_REQUEST', `recording ${file} is not a path inside the pack`);
    const opened = await createRecordingSource(resolved, root, new PassThrough()).open();
    for await (const item of readRecording(file, opened.chunks)) {
      if (item.kind === 'bad') return refuse(422, 'BAD_RECORDING', `${file}:${item.line}: ${item.message}`);
      if (sessionId !== undefined && item.variables[sessionKey] !== sessionId) continue;
      if (inputs.length === MAX_CALL_EVENTS)
        return refuse(413, 'PAYLOAD_TOO_LARGE', `the call has more than ${MAX_CALL_EVENTS} events`);
      inputs.push({ variables: item.variables, delivered: item.delivered });
    }
  } catch (error) {
    const missing = (error as { code?: unknown }).code === 'ENOENT';
    return refuse(missing ? 404 : 422, missing ? 'NOT_FOUND' : 'BAD_RECORDING', `cannot read ${file}`);
  }
  return { ok: true, inputs };
}

/** `{events: [...]}`: each the session variables of one event (strings by name), in order. */
export function readEventsCall(events: unknown): CallInputs {
  if (!Array.isArray(events)) return refuse(400, 'BAD_REQUEST', 'events must be a list of events');
  if (events.length > MAX_CALL_EVENTS)
    return refuse(413, 'PAYLOAD_TOO_LARGE', `the call has more than ${MAX_CALL_EVENTS} events`);
  const inputs: CallInput[] = [];
  for (const [index, variables] of events.entries()) {
    const decoded = decodeEventJson({ session_variables: variables }, NO_EVENT_LIMITS);
    if (!decoded.ok) return refuse(400, 'BAD_REQUEST', `events[${index}]: ${decoded.error.message}`);
    inputs.push({ variables: decoded.value.session_variables });
  }
  return { ok: true, inputs };
}

/**
 * `{decisions: session_id}`: the events of one session among the decisions the console holds (the ring of
 * `/console/api/decisions/recent`), as received: masked as the decision log masks them, and delivered.
 */
export function readDecisionsCall(
  feed: DecisionFeed | undefined,
  sessionId: unknown,
  sessionKey: string,
): CallInputs {
  if (feed === undefined)
    return refuse(404, 'NOT_FOUND', 'this console sees no live decisions (serve --console)');
  if (typeof sessionId !== 'string' || sessionId === '')
    return refuse(400, 'BAD_REQUEST', 'decisions must be a session id');
  const inputs: CallInput[] = [];
  for (const line of feed.recent()) {
    const variables = (JSON.parse(line) as { session_variables: Record<string, string> }).session_variables;
    if (variables[sessionKey] === sessionId) inputs.push({ variables, delivered: true });
  }
  if (inputs.length === 0) return refuse(404, 'NOT_FOUND', `no recent decision of session ${sessionId}`);
  return { ok: true, inputs };
}
