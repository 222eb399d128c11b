import { Metrics } from '../src/observability/metrics';
import { RuleProcessor } from '../src/processor';
import { RuleBook } from '../src/rules/compile/rule-book';
import type { RulesetSpec } from '../src/rules/spec';
import { MemorySessionStore } from '../src/session/memory-store';
import { wideVariables } from './events';
import { check } from './suite';

export const VARIABLES = 200;

/** A pack that keeps all three parts of a session's state: `once` ids, `changed` fingerprints, a filter. */
const PACK: RulesetSpec = {
  ruleset: 'session-memory',
  rules: [
    { id: 'greet', on: 'CALL_STARTED', once: true, then: { set: { 'risk.level': 'low' } } },
    {
      id: 'quiet-audio',
      on: 'CALL_STARTED',
      then: { filter: { keys_to_ignore: ['audio.*', 'vad.*'], events_to_ignore: ['HEARTBEAT'] } },
    },
    { id: 'rescore', if: { changed: 'verify.*' }, then: { set: { 'risk.note': 'score ${verify.score}' } } },
    { id: 'tier', if: { changed: 'custom.tier' }, then: { set: { 'risk.tier': '${custom.tier}' } } },
    {
      id: 'notify-risk',
      once: true,
      if: { var: 'risk.score', gt: 40 },
      then: { schedule: [{ action: 'NotifyAgent', parameters: { message: 'risk ${risk.score}' } }] },
    },
  ],
};

export interface SessionMemoryReport {
  sessions: number;
  heapBytesPerSession: number;
  /** The memory store's own estimate (what `--max-state-bytes` bounds), per session. */
  estimatedBytesPerSession: number;
}

/**
 * Heap retained per session by the memory store, through the real processor
 * path: each session's first event (200 variables, carrying no state, so the
 * store is asked) answered by a RuleProcessor whose rules fire one `once`
 * rule, a filter and two `changed` globs. Events are made one at a time and
 * dropped, so only what the store keeps stays. Needs node --expose-gc.
 */
export async function measureSessionMemory(sessions: number): Promise<SessionMemoryReport> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('session memory: run node with --expose-gc');
  const template = wideVariables('CALL_STARTED', VARIABLES);
  const book = RuleBook.compile([{ file: 'session-memory.yaml', spec: PACK, locate: () => undefined }]);
  const metrics = new Metrics();
  const store = new MemorySessionStore({ metrics, maxSessions: sessions });
  const processor = new RuleProcessor(book, { metrics, store });
  const sample = await processor.process({ session_variables: { ...template } });
  check(
    sample.fired.join() ===
      'session-memory/greet,session-memory/quiet-audio,session-memory/rescore,session-memory/tier,session-memory/notify-risk',
    'every rule of the pack fires',
  );
  await store.close();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < sessions; i++) {
    const variables = { ...template, 'state.sessionId': `cs-${i.toString(16).padStart(8, '0')}` };
    await processor.process({ session_variables: variables });
  }
  gc();
  const after = process.memoryUsage().heapUsed;
  check(store.size === sessions, `the store keeps ${sessions} sessions`);
  return {
    sessions,
    heapBytesPerSession: (after - before) / sessions,
    estimatedBytesPerSession: store.bytes / store.size,
  };
}
