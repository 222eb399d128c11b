/**
 * Shared helpers of the example packs' tests: load a pack exactly as
 * `rulehook serve --rules DIR` does, answer events, replay a whole call the way
 * the engine would, and check the curl examples of a pack's README.
 */
import { readFile } from 'node:fs/promises';
import request from 'supertest';
import { decodeEventJson, toResponseJsonObject, type SessionVariables } from '../src/contract';
import { createHttpHandler, WebhookCore } from '../src/hosts';
import { Metrics } from '../src/observability/metrics';
import { silentLogger } from '../src/observability/logger';
import { DEFAULT_SESSION_KEY, RuleProcessor } from '../src/processor/rule-processor';
import { RuleBook } from '../src/rules/compile/rule-book';
import { evaluateEvent, type EvaluationContext } from '../src/rules/evaluate/evaluate-event';
import { loadRules, type LoadResult } from '../src/rules/load';
import { MemorySessionStore } from '../src/session';
import { EngineSimulator, LocalWebhook } from '../src/simulation';

export interface Pack {
  loaded: LoadResult;
  book: RuleBook;
}

/** Loads a pack directory (its rule files and its catalog.yaml) and compiles it as `serve` does. */
export async function loadPack(dir: string): Promise<Pack> {
  const loaded = await loadRules([dir], { cwd: dir });
  return { loaded, book: RuleBook.compile(loaded.rulesets, loaded.catalog?.spec.events) };
}

/** What the webhook answers to one event: the rules that fired and the response as JSON. */
export interface Answer {
  fired: string[];
  response: Record<string, unknown>;
}

/**
 * Answers one event on its own: what `rulehook serve` answers to the first event
 * of a session (pass `context` to evaluate it within a session).
 */
export function answer(book: RuleBook, variables: SessionVariables, context: EvaluationContext = {}): Answer {
  const evaluation = evaluateEvent(book, variables, context);
  return { fired: evaluation.fired, response: toResponseJsonObject(evaluation.response) };
}

/** One event of a replayed call: what the engine did with it, and the answer when it was sent. */
export interface CallStep {
  event: string;
  /** false: the engine's event filter kept the event from the webhook. */
  sent: boolean;
  /** The answer, when the event was sent. */
  answer?: Answer;
}

/** A webhook processor like the one of `rulehook serve` with its default `--state memory`. */
export function createServeProcessor(book: RuleBook): RuleProcessor {
  const metrics = new Metrics();
  return new RuleProcessor(book, { metrics, store: new MemorySessionStore({ metrics }) });
}

/**
 * Replays a call through the project's engine simulation (src/simulation, the
 * one `rulehook test` and `rulehook replay` use): the webhook answers as
 * `rulehook serve` does with its default in-memory session state, and the
 * engine overlays the webhook's updates, computes deltas (without `state.*`),
 * applies the filters, and replaces its filter with every `event_filter` it
 * receives. Each step lists the session variables the event adds or changes,
 * `state.currentEvent` included.
 */
export async function replayCall(book: RuleBook, steps: readonly SessionVariables[]): Promise<CallStep[]> {
  const engine = new EngineSimulator(new LocalWebhook(book));
  let raised: SessionVariables = { [DEFAULT_SESSION_KEY]: 'replayed-call' };
  const replayed: CallStep[] = [];
  for (const changes of steps) {
    raised = { ...raised, ...changes };
    const step = await engine.raise(raised);
    if (!step.sent || step.response === null) {
      replayed.push({ event: step.event, sent: false });
      continue;
    }
    const answer = { fired: [...(step.fired ?? [])], response: toResponseJsonObject(step.response) };
    replayed.push({ event: step.event, sent: true, answer });
  }
  return replayed;
}

/**
 * A curl example of a README, written between markers so that tests can check it:
 *
 *     <!-- readme-check: request -->
 *     ```sh
 *     curl ... --data-binary @- <<'EOF'
 *     { "session_variables": { ... } }
 *     EOF
 *     ```
 *     <!-- readme-check: response -->
 *     ```json
 *     { "result_code": 200, ... }
 *     ```
 *     <!-- readme-check: fired -->
 *     ... `rulehook-fired: ruleset/rule,ruleset/rule` ...   (or: no `rulehook-fired` header)
 */
export interface ReadmeExample {
  /** The curl command line (the first line of the request block). */
  command: string;
  /** The request body: the text between `<<'EOF'` and `EOF`. */
  body: string;
  /** The response as shown (formatted JSON). */
  response: string;
  /** The `rulehook-fired` header as shown; undefined when the README says there is none (no rule fired: empty). */
  fired: string | undefined;
}

const MARKED = /<!-- readme-check: (request|response|fired) -->\n([\s\S]*?)(?=<!-- readme-check: |$)/g;

export async function readReadmeExamples(readme: string): Promise<ReadmeExample[]> {
  const text = await readFile(readme, 'utf8');
  const examples: ReadmeExample[] = [];
  let current: Partial<ReadmeExample> = {};
  for (const [, kind, section] of text.matchAll(MARKED)) {
    const content = section!;
    if (kind === 'request') {
      const block = fencedBlock(content, 'sh');
      const heredoc = /^(curl .*<<'EOF')\n([\s\S]*?)\nEOF$/.exec(block);
      if (!heredoc) throw new Error(`a request block must be a curl command with an <<'EOF' body:\n${block}`);
      current = { command: heredoc[1]!, body: heredoc[2]! };
    } else if (kind === 'response') {
      current.response = fencedBlock(content, 'json');
    } else {
      const header = /`rulehook-fired: ([^`]+)`/.exec(content);
      if (!header && !content.includes('no `rulehook-fired` header'))
        throw new Error(
          `a fired section must show \`rulehook-fired: ...\` or say "no \`rulehook-fired\` header"`,
        );
      current.fired = header?.[1];
      if (current.command === undefined || current.response === undefined)
        throw new Error('a readme-check example needs a request, then a response, then fired');
      examples.push(current as ReadmeExample);
      current = {};
    }
  }
  return examples;
}

function fencedBlock(section: string, language: string): string {
  const match = new RegExp('^```' + language + '\\n([\\s\\S]*?)\\n```', 'm').exec(section);
  if (!match) throw new Error(`expected a \`\`\`${language} block after the marker:\n${section}`);
  return match[1]!;
}

/** Decodes a README request body exactly as the HTTP host decodes a request. */
export function decodeReadmeEvent(body: string): SessionVariables {
  const decoded = decodeEventJson(JSON.parse(body));
  if (!decoded.ok) throw new Error(`the README's event does not decode: ${JSON.stringify(decoded.error)}`);
  return decoded.value.session_variables;
}

/**
 * The HTTP host of `rulehook serve --rules PACK --expose-fired` (otherwise default
 * options: in-memory session state), just started: `post` sends a README request
 * body as curl does.
 */
export function startHttpHostForPack(book: RuleBook) {
  const core = new WebhookCore({ processor: createServeProcessor(book), exposeFiredRules: true });
  const handler = createHttpHandler(core, { maxBodyBytes: 1_048_576, logger: silentLogger });
  return {
    post: (body: string) =>
      request(handler).post('/v1/events').set('content-type', 'application/json').send(body),
  };
}

/**
 * Checks every marked curl example of a README, in order, as a reader would run
 * them against one freshly started `rulehook serve --rules PACK`:
 * - the body sent over HTTP gets exactly the response shown (byte for byte once
 *   the shown JSON is put on one line, so the key order counts too) and the
 *   `rulehook-fired` header shown (empty when the README shows none: no rule fired);
 * - answering the decoded event in-process (the webhook of `rulehook test`,
 *   from the state the event carries) gives the same answer.
 * Returns how many examples were checked.
 */
export async function checkReadmeExamples(book: RuleBook, readme: string): Promise<number> {
  const examples = await readReadmeExamples(readme);
  const host = startHttpHostForPack(book);
  const webhook = new LocalWebhook(book);
  for (const example of examples) {
    expect(example.command).toContain('curl -s -XPOST localhost:8080/v1/events');
    expect(example.command).toContain("-H 'content-type: application/json'");
    const shown = JSON.parse(example.response) as unknown;
    const variables = decodeReadmeEvent(example.body);
    const answer = await webhook.call(variables['state.sessionId'], variables);
    expect(toResponseJsonObject(answer.response)).toEqual(shown);
    expect(answer.fired?.length ? answer.fired.join(',') : undefined).toEqual(example.fired);
    const res = await host.post(example.body);
    expect(res.status).toBe(200);
    expect(res.text).toBe(JSON.stringify(shown));
    expect(res.headers['rulehook-fired']).toEqual(example.fired ?? '');
  }
  return examples.length;
}
