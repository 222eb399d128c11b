import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../../src/cli/main';
import { LspClient } from '../support/lsp-client';
import { createMemoryIO } from '../support/memory-io';

const REPO = path.join(__dirname, '../..');
const CLI = path.join(REPO, 'dist/cli/main.js');

describe('rulehook lsp', () => {
  it('refuses an unknown option with the usage, exit 2', async () => {
    const io = createMemoryIO();
    expect(await runCli(['lsp', '--tcp'], io)).toBe(2);
    expect(io.err()).toContain('--tcp');
    expect(io.err()).toContain('Usage: rulehook lsp [--stdio]');
  });

  it('exits 1 when its input closes without a shutdown (the editor died)', async () => {
    const child = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { cwd: REPO });
    const code = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.end();
    expect(await code).toBe(1);
  });

  it('shows no diagnostics on the shipped rules, the starter pack and the sandbox examples, in this repository', async () => {
    const client = await LspClient.start(REPO);
    try {
      const files = [
        'rules/default.yaml',
        'rules/default.test.yaml',
        ...['catalog.yaml', 'starter.yaml', 'starter.test.yaml'].map((f) => `templates/starter-pack/${f}`),
        ...readdirSync(path.join(REPO, 'examples/sandbox'))
          .filter((f) => f.endsWith('.yaml'))
          .map((f) => `examples/sandbox/${f}`),
      ];
      for (const file of files)
        await client.open(path.join(REPO, file), readFileSync(path.join(REPO, file), 'utf8'));
      for (const file of files)
        expect({ file, shown: await client.diagnosticsOf(path.join(REPO, file)) }).toEqual({
          file,
          shown: [],
        });
    } finally {
      expect(await client.stop()).toBe(0);
    }
  });

  it('checks a sandbox scenario as rulehook sandbox does, with the unsaved text', async () => {
    const client = await LspClient.start(REPO);
    try {
      const file = path.join(REPO, 'examples/sandbox/fraud-and-spoofing.yaml');
      const text = readFileSync(file, 'utf8').replace(
        '{ recording_id: "*", media: seg-synthetic-caller }',
        '{ recording_id: "*", media: seg-synthetic-calller }',
      );
      await client.open(file, text);
      const shown = await client.diagnosticsOf(file, (d) => d.length > 0);
      expect(shown.map((d) => d.code)).toEqual(['SANDBOX_UNKNOWN_ID']);
      expect(shown[0]!.message).toContain("did you mean 'seg-synthetic-caller'?");
    } finally {
      expect(await client.stop()).toBe(0);
    }
  });
});
