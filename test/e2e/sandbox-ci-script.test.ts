import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeRequiring, findMissingPrograms } from '../support/describe-requiring';
import { BUILT_CLI } from '../support/serve-process';

/**
 * docs/sandbox.md's "Running the sandbox in CI" script, run as written by bash with the built `rulehook` on
 * PATH: it passes with the example's pack as the webhook, and fails when the webhook cannot be reached.
 */
const REPO = path.join(__dirname, '../..');
const HEADING = '### Running the sandbox in CI';

async function readDocumentedScript(): Promise<string> {
  const doc = await readFile(path.join(REPO, 'docs/sandbox.md'), 'utf8');
  const section = doc.slice(doc.indexOf(HEADING));
  const match = /```sh\n([\s\S]*?)```/.exec(section);
  if (match === null) throw new Error(`no sh block under "${HEADING}" in docs/sandbox.md`);
  return match[1]!;
}

/** A loopback port with nothing listening on it. */
async function findClosedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function runBash(script: string, cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd, env });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describeRequiring(findMissingPrograms({ bash: 'bash', curl: 'curl' }), 'the CI script of sandbox.md', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sandbox-ci-'));
    await symlink(path.join(REPO, 'examples'), path.join(dir, 'examples'));
    const rulehook = path.join(dir, 'rulehook');
    await writeFile(rulehook, `#!/bin/sh\nexec "${process.execPath}" "${BUILT_CLI}" "$@"\n`);
    await chmod(rulehook, 0o755);
    env = { ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}` };
  });

  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('passes when every webhook call of the calls was answered', async () => {
    const run = await runBash(await readDocumentedScript(), dir, env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('fails, saying how many calls, when the webhook cannot be reached', async () => {
    const script = await readDocumentedScript();
    const unreachable = `--webhook http://127.0.0.1:${await findClosedPort()}`;
    const changed = script.replace('--rules examples/noise-reduction', unreachable);
    expect(changed).not.toBe(script);
    const run = await runBash(changed, dir, env);
    expect(run.stderr).toContain('calls with a failed webhook call: 1\n');
    expect(run.code).toBe(1);
  });
});
