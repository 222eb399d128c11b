import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createMemoryIO } from '../../test/support/memory-io';
import { compileServingRules, loadServingRules } from './load-serving-rules';
import { createRulesMessage, isWorkerMessage } from './worker-messages';

const RULE = 'ruleset: r\nrules: [ { id: a, then: { set: { x: "1" } } } ]\n';
/** A warning: a `then` key the schema does not know is an error, an unknown node name only warns. */
const WARNED = 'ruleset: w\nrules: [ { id: b, then: { enable: [Verfy] } } ]\n';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rulehook-serving-rules-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('loadServingRules and compileServingRules', () => {
  it('serve from disk and from a snapshot sent as a message alike, with the revision in the summary', async () => {
    await writeFile(path.join(dir, 'r.yaml'), RULE);
    const io = createMemoryIO({ cwd: dir });
    const fromDisk = await loadServingRules(dir, io);
    if (!fromDisk.ok) throw new Error(io.err());
    expect(fromDisk.summary).toBe(
      `1 enabled rule in 1 ruleset from ${dir} (revision ${fromDisk.revision.slice(0, 12)})`,
    );

    const message = JSON.parse(
      JSON.stringify(createRulesMessage(fromDisk.snapshot, fromDisk.revision)),
    ) as unknown;
    expect(isWorkerMessage(message, 'rulehook:rules')).toBe(true);
    expect(isWorkerMessage(message, 'rulehook:listening')).toBe(false);
    if (!isWorkerMessage(message, 'rulehook:rules')) return;
    await rm(path.join(dir, 'r.yaml'));
    const received = compileServingRules(message.snapshot, dir, io, { reportWarnings: false });
    expect(received).toMatchObject({ ok: true, summary: fromDisk.summary, revision: message.revision });
    expect(io.err()).toBe('');
  });

  it('print warnings unless told the primary did; print errors and refuse always', async () => {
    await writeFile(path.join(dir, 'catalog.yaml'), 'nodes: [Verify]\n');
    await writeFile(path.join(dir, 'w.yaml'), WARNED);
    const primary = createMemoryIO({ cwd: dir });
    const loaded = await loadServingRules(dir, primary);
    if (!loaded.ok) throw new Error(primary.err());
    expect(primary.err()).toMatch(/warning UNKNOWN_NODE/);
    const worker = createMemoryIO({ cwd: dir });
    expect(compileServingRules(loaded.snapshot, dir, worker, { reportWarnings: false }).ok).toBe(true);
    expect(worker.err()).toBe('');

    const broken = { ruleFiles: [{ file: 'b.yaml', text: 'rules: [' }], diagnostics: [] };
    expect(compileServingRules(broken, dir, worker, { reportWarnings: false })).toEqual({ ok: false });
    expect(worker.err()).toMatch(/error YAML_SYNTAX[\s\S]*refusing to start/);
  });
});
