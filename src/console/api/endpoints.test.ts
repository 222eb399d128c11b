import path from 'node:path';
import { checkPack } from './check-pack';
import type { ConsoleContext } from './console-context';
import { resolveConsolePack } from './console-pack';
import { evaluateEvents } from './evaluate-events';
import { listPack } from './list-pack';
import { saveFiles } from './save-files';
import { listTestEvents } from './test-events';

/** The endpoints as functions, on the pack of examples/fraud-and-spoofing, read-only (nothing is written). */
const context: ConsoleContext = {
  pack: resolveConsolePack({ cwd: path.join(__dirname, '../../../examples'), paths: ['fraud-and-spoofing'] }),
  readOnly: true,
  mode: 'serve',
};

it('listPack gives every file with its kind', async () => {
  const { status, body } = await listPack(context);
  expect(status).toBe(200);
  const files = (body as { files: { path: string; kind: string; text: string | null }[] }).files;
  expect(files.map((f) => f.kind)).toEqual(expect.arrayContaining(['rules', 'catalog', 'test', 'recording']));
  expect(files.every((f) => typeof f.text === 'string')).toBe(true);
});

it('checkPack reports the edits in the shape of validate --format json', async () => {
  const { body } = await checkPack(
    { files: { 'extra.yaml': 'ruleset: x\nrules: [{ id: a, on: NO_SUCH }]\n' } },
    context,
  );
  const diagnostics = (body as { diagnostics: { file: string; code: string; line: number | null }[] })
    .diagnostics;
  expect(diagnostics).toContainEqual(
    expect.objectContaining({ file: 'extra.yaml', line: expect.any(Number) }),
  );
});

it('evaluateEvents says why an event the rules ignore fired nothing', async () => {
  const { body } = await evaluateEvents({ events: [{ 'state.currentEvent': 'CALL_STARTED' }] }, context);
  const [result] = (body as { results: { sent: boolean; fired: string[]; rules: { why: string }[] }[] })
    .results;
  expect(result).toMatchObject({ sent: true, fired: [] });
  expect(result!.rules.every((r) => r.why.startsWith('not for this event'))).toBe(true);
});

it('saveFiles refuses on a read-only console before reading anything', async () => {
  const { status, body } = await saveFiles({ files: 3 }, context);
  expect(status).toBe(403);
  expect(body).toMatchObject({ error: { code: 'READ_ONLY' } });
});

it('listTestEvents plans a test file as rulehook test raises it: every case, each event carrying the earlier ones', async () => {
  const { status, body } = await listTestEvents({ file: 'risk.test.yaml' }, context);
  expect(status).toBe(200);
  const tests = (body as { tests: { name: string; session: string; events: Record<string, string>[] }[] })
    .tests;
  const first = tests[0]!;
  expect(first).toMatchObject({ session: 'cs-20240611-b81d02' });
  expect(first.events).toEqual([
    expect.objectContaining({
      'state.sessionId': 'cs-20240611-b81d02',
      'state.currentEvent': 'SPOOF_CHECK_COMPLETED',
      'call.ani': '+13125550187',
      'spoof.decision': 'SPOOF',
    }),
  ]);
  // A table-driven test is one entry per case, named by its variables.
  expect(tests.map((t) => t.name)).toContain(
    'any sign of a fake voice raises the alarm [spoof.decision=SPOOF]',
  );
  const call = tests.find((t) => t.events.length > 1)!;
  for (const [index, event] of call.events.entries())
    if (index > 0) expect(event).toMatchObject({ 'state.sessionId': call.events[0]!['state.sessionId'] });
  const broken = await listTestEvents(
    { file: 'risk.test.yaml', files: { 'risk.test.yaml': 'tests: 3\n' } },
    context,
  );
  expect(broken).toMatchObject({ status: 422, body: { error: { code: 'TEST_INVALID' } } });
});

it("listTestEvents gives each test the file's engine settings, which evaluate runs its events with", async () => {
  // test/fixtures/engine-model: `mark` writes custom.mark, which `watch` fires on when it is a change.
  const fixtures: ConsoleContext = {
    pack: resolveConsolePack({
      cwd: path.join(__dirname, '../../../test/fixtures'),
      paths: ['engine-model'],
    }),
    readOnly: true,
    mode: 'standalone',
  };
  type Planned = { tests: { events: Record<string, string>[]; engine: Record<string, string> }[] };
  const planned = async (file: string) => ((await listTestEvents({ file }, fixtures)).body as Planned).tests;
  const [other] = await planned('other-engine.test.yaml');
  expect(other!.engine).toEqual({ own_updates: 'changes', empty_delta: 'filtered' });
  const [plain] = await planned('default.test.yaml');
  expect(plain!.engine).toEqual({});

  const firedWith = async (engine: Record<string, string> | undefined) => {
    const { body } = await evaluateEvents({ events: other!.events, engine }, fixtures);
    return (body as { results: { fired: string[] }[] }).results.map((r) => r.fired);
  };
  // The test's own expectations (model/watch on the first NEXT) hold only with the file's settings.
  expect(await firedWith(other!.engine)).toEqual([['model/mark'], ['model/watch'], []]);
  expect(await firedWith(undefined)).toEqual([['model/mark'], [], []]);
});
