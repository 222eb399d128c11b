import path from 'node:path';
import { checkPack } from './check-pack';
import type { ConsoleContext } from './console-context';
import { resolveConsolePack } from './console-pack';
import { evaluateEvents } from './evaluate-events';
import { listPack } from './list-pack';
import { saveFiles } from './save-files';

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
