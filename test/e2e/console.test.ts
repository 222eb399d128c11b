import { spawn } from 'node:child_process';
import path from 'node:path';
import { BUILT_CLI } from '../support/serve-process';

/**
 * The built binary as a rule owner starts it: `rulehook console PACK --port 0` prints the URL with the
 * port it bound, answers the API there, and ends with exit 0 on SIGINT (Ctrl-C) and SIGTERM.
 */
const PACK = path.join(__dirname, '../../examples/fraud-and-spoofing');

async function startConsole(args: string[]) {
  const child = spawn(process.execPath, [BUILT_CLI, 'console', ...args]);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const deadline = Date.now() + 15_000;
  let url: string | undefined;
  while (url === undefined && Date.now() < deadline) {
    url = /^console: (http:\/\/\S+)$/m.exec(out)?.[1];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (url === undefined) {
    child.kill('SIGKILL');
    throw new Error(`no URL printed; stdout: ${out}; stderr: ${err}`);
  }
  return { child, url, exited, stderr: () => err };
}

it.each(['SIGINT', 'SIGTERM'] as const)(
  'prints its URL, answers GET /console/api/pack, and stops on %s',
  async (signal) => {
    const { child, url, exited, stderr } = await startConsole([PACK, '--port', '0']);
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/console\/$/);
      const response = await fetch(`${url}api/pack`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { mode: string; files: { path: string; kind: string }[] };
      expect(body.mode).toBe('standalone');
      expect(body.files).toContainEqual(expect.objectContaining({ path: 'risk.yaml', kind: 'rules' }));
      expect(stderr()).toBe('');
    } finally {
      child.kill(signal);
    }
    expect(await exited).toBe(0);
  },
);

it('warns when bound to an address other than loopback', async () => {
  const { child, exited, stderr } = await startConsole([PACK, '--port', '0', '--host', '0.0.0.0']);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(stderr()).toMatch(/warning: listening on 0\.0\.0\.0, not loopback: .*write the rule files/);
});
