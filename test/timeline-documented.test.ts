import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../src/cli/main';
import { WEBHOOK_FAILURE_KINDS } from '../src/simulation/webhook-failure';
import { createMemoryIO } from './support/memory-io';

/**
 * docs/sandbox.md documents the JSON a CI step reads: `sandbox run --format json` ("Judging a run") and each
 * session as `GET /v1/sandbox/sessions/{id}` answers it ("The timeline"), a table per entry kind. Runs that
 * between them produce every entry kind, a failed webhook call and a failed step: every key they print is
 * documented where it belongs, and every documented field of an entry kind shows up in them.
 */
const ROOT = path.join(__dirname, '..');
const DOC = readFileSync(path.join(ROOT, 'docs/sandbox.md'), 'utf8');

const section = (from: string, to: string) =>
  DOC.slice(DOC.indexOf(from), DOC.indexOf(to, DOC.indexOf(from)));
const firstCell = (row: string) => /^\| `([a-z_]+)` \|/.exec(row)?.[1];

/** "The timeline": the session's fields, each entry kind's (after its `**\`kind\`**:` line), the failure kinds. */
function readTimelineTables(): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  let current = 'session';
  for (const line of section('### The timeline', '## Playing a scripted IVR').split('\n')) {
    const kind = /^\*\*`([a-z]+)`\*\*:/.exec(line)?.[1];
    if (kind !== undefined) current = kind;
    if (line.startsWith('| `kind` |')) {
      current = 'failure kinds';
      continue;
    }
    const field = firstCell(line);
    if (field !== undefined) tables.set(current, (tables.get(current) ?? new Set()).add(field));
  }
  return tables;
}

/** "Judging a run": the JSON's top-level fields, each with the keys its row names in `{…}`. */
function readRunTable(): Map<string, Set<string>> {
  const rows = new Map<string, Set<string>>();
  for (const line of section('### Judging a run', '`examples/sandbox/` has').split('\n')) {
    const field = firstCell(line);
    if (field === undefined) continue;
    const keys = [...line.matchAll(/`?\{([a-z_, ]+)\}`?/g)].flatMap((m) => m[1]!.split(', '));
    rows.set(field, new Set(keys));
  }
  return rows;
}

interface Played {
  steps: Record<string, unknown>[];
  sessions: (Record<string, unknown> & { timeline: Record<string, unknown>[] })[];
  step_failures: Record<string, unknown>[];
  webhook_failures: Record<string, unknown>[];
}

async function play(args: string[]): Promise<Played> {
  const io = createMemoryIO({ cwd: ROOT });
  await runCli(['sandbox', 'run', ...args, '--format', 'json'], io);
  return JSON.parse(io.out()) as Played;
}

let runs: Played[];

beforeAll(async () => {
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as net.AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  const dir = mkdtempSync(path.join(tmpdir(), 'timeline-documented-'));
  const failing = path.join(dir, 'failing-step.yaml');
  writeFileSync(
    failing,
    'ivr_steps:\n  - { operation: EndIVRSession, request: { call_session_id: cs-none } }\n',
  );
  runs = [
    await play(['examples/sandbox/noise-reduction.yaml', '--rules', 'examples/noise-reduction']),
    await play([
      'examples/sandbox/enrollment-after-opt-in.yaml',
      '--rules',
      'examples/enrollment-after-opt-in',
    ]),
    await play(['examples/sandbox/noise-reduction.yaml', '--webhook', `http://127.0.0.1:${port}`]),
    await play([failing]),
  ];
});

describe('docs/sandbox.md documents the JSON of sandbox run and of the timeline', () => {
  it('documents every top-level field, and every key of the steps and failures', () => {
    const table = readRunTable();
    for (const run of runs) {
      expect(Object.keys(run).filter((key) => !table.has(key))).toEqual([]);
      for (const list of ['steps', 'step_failures', 'webhook_failures'] as const)
        for (const item of run[list])
          expect(Object.keys(item).filter((k) => !table.get(list)!.has(k))).toEqual([]);
    }
    expect(runs.flatMap((run) => run.step_failures)).not.toEqual([]);
    expect(runs.flatMap((run) => run.webhook_failures)).not.toEqual([]);
  });

  it("documents each session's fields and each entry kind's, and every documented field shows up", () => {
    const tables = readTimelineTables();
    const sessions = runs.flatMap((run) => run.sessions);
    for (const session of sessions)
      expect(Object.keys(session).filter((k) => !tables.get('session')!.has(k))).toEqual([]);
    const seen = new Map<string, Set<string>>();
    for (const entry of sessions.flatMap((session) => session.timeline)) {
      const kind = entry.kind as string;
      for (const key of Object.keys(entry))
        if (key !== 'at' && key !== 'kind') seen.set(kind, (seen.get(kind) ?? new Set()).add(key));
    }
    expect([...seen.keys()].sort()).toEqual(['action', 'answer', 'decision', 'event', 'node', 'operation']);
    for (const [kind, keys] of seen)
      expect({ kind, fields: [...keys].sort() }).toEqual({ kind, fields: [...tables.get(kind)!].sort() });
  });

  it('documents every kind of webhook failure', () => {
    expect([...readTimelineTables().get('failure kinds')!]).toEqual([...WEBHOOK_FAILURE_KINDS]);
    const failure = runs[2]!.sessions[0]!.timeline.find((e) => e.kind === 'answer')!.failure;
    expect(Object.keys(failure as object)).toEqual(['kind', 'message']);
  });
});
