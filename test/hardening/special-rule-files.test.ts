import { execFileSync } from 'node:child_process';
import { rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { postEvent } from '../support/engine-session';
import { runCliProcess, writeRulesDir } from '../support/run-cli-process';
import { startServeProcess, type ServeProcess } from '../support/serve-process';
import { saveFile } from '../support/save-file';

/**
 * Files in the rules directory that are not regular files, on the built server: a FIFO (whose open waits
 * for a writer, holding a thread of libuv's pool), a unix socket, links to devices that never end. Each is
 * an error naming the file, for `serve` at start, every reload and `validate`; none wedges later reloads
 * or the stop.
 */

jest.setTimeout(90_000);

const rulesOf = (n: number): string => `ruleset: special
rules:
  - id: tag
    on: CALL_STARTED
    then:
      set: { gen: "${n}" }
`;

/** The names of the special files `addSpecialFiles` makes, in report order. */
const SPECIAL = ['fifo.yaml', 'random.yaml', 'socket.yaml', 'zero.yaml'];

/** Makes the special files in `dir`; returns the listening socket, closed by the caller. */
async function addSpecialFiles(dir: string): Promise<Server> {
  execFileSync('mkfifo', [path.join(dir, 'fifo.yaml')]);
  await symlink('/dev/zero', path.join(dir, 'zero.yaml'));
  await symlink('/dev/urandom', path.join(dir, 'random.yaml'));
  const socket = createServer();
  await new Promise<void>((resolve) => socket.listen(path.join(dir, 'socket.yaml'), resolve));
  return socket;
}

async function removeSpecialFiles(dir: string, socket: Server): Promise<void> {
  await new Promise((resolve) => socket.close(resolve));
  for (const name of SPECIAL) await rm(path.join(dir, name), { force: true });
}

const genOf = async (port: number | undefined): Promise<string | undefined> => {
  const reply = await postEvent(port, { 'state.sessionId': 's', 'state.currentEvent': 'CALL_STARTED' });
  return reply.body.session_variable_updates?.find((u) => u.key === 'gen')?.value;
};

/** POST /admin/reload, given 10 s to answer: a wedged reload fails the test instead of hanging it. */
async function reload(port: number | undefined, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}/admin/reload`, {
    method: 'POST',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: res.status,
    body: (await res.json()) as { result: string; diagnostics: DiagnosticJson[] },
  };
}

interface DiagnosticJson {
  code: string;
  file: string;
  message: string;
}

/** Resolves once `check` holds, polling; rejects after `ms`. */
async function waitUntil(what: string, check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The exit of a stopped server, or 'still running' after `ms`. */
async function exitWithin(server: ServeProcess, ms: number): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>(
    (resolve) => (timer = setTimeout(() => resolve('still running'), ms)),
  );
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('rule files that are not regular files', () => {
  let dir: string;
  let socket: Server | undefined;
  let server: ServeProcess | undefined;
  afterEach(async () => {
    if (server?.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    server = undefined;
    await new Promise((resolve) => (socket?.listening ? socket.close(resolve) : resolve(undefined)));
    socket = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('are refused by every reload, naming each, without wedging the reloads, the watch or the stop', async () => {
    dir = await writeRulesDir({ 'rules.yaml': rulesOf(1) });
    server = await startServeProcess(['--rules', dir, '--no-grpc', '--drain-seconds', '1']);
    const port = server.httpPort;
    socket = await addSpecialFiles(dir);
    // More reloads than libuv's pool has threads: a FIFO opened by each would wedge every file call.
    for (let i = 0; i < 6; i++) {
      const refused = await reload(port);
      expect(refused.status).toBe(422);
      expect(refused.body.result).toBe('refused');
      const named = refused.body.diagnostics.map((d) => `${d.code} ${path.basename(d.file)}`);
      expect(named).toEqual(SPECIAL.map((name) => `FILE_NOT_REGULAR ${name}`));
    }
    const messages = (await reload(port)).body.diagnostics.map((d) => d.message.replace(`${dir}/`, ''));
    expect(messages[0]).toBe(
      "'fifo.yaml' is a FIFO (named pipe), not a regular file, and was not read (only regular files, or links to them, are)",
    );
    expect(messages.slice(1).map((m) => m.split(',')[0])).toEqual([
      "'random.yaml' is a symbolic link to a character device",
      "'socket.yaml' is a socket",
      "'zero.yaml' is a symbolic link to a character device",
    ]);
    expect(await genOf(port)).toBe('1');

    // Once they are gone, an edit is picked up by the watch.
    await removeSpecialFiles(dir, socket);
    await saveFile(path.join(dir, 'rules.yaml'), rulesOf(2));
    await waitUntil('the edit served', async () => (await genOf(port)) === '2');

    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 10_000)).toBe(0);
    expect(server.stdout()).toContain('rulehook: stopped\n');
  });

  it('do not stop SIGHUP from reloading a later edit (without the watch)', async () => {
    dir = await writeRulesDir({ 'rules.yaml': rulesOf(1) });
    server = await startServeProcess(['--rules', dir, '--no-grpc', '--no-watch']);
    execFileSync('mkfifo', [path.join(dir, 'fifo.yaml')]);
    server.child.kill('SIGHUP');
    await waitUntil('the refusal logged', () => server!.stderr().includes('FILE_NOT_REGULAR'));
    server.child.kill('SIGHUP');
    await unlink(path.join(dir, 'fifo.yaml'));
    await writeFile(path.join(dir, 'rules.yaml'), rulesOf(2));
    server.child.kill('SIGHUP');
    await waitUntil('the edit served', async () => (await genOf(server!.httpPort)) === '2');
    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 10_000)).toBe(0);
  });

  it('make serve refuse to start, and validate fail, naming each file', async () => {
    dir = await writeRulesDir({ 'rules.yaml': rulesOf(1) });
    socket = await addSpecialFiles(dir);
    const validate = await runCliProcess(['validate', dir], 15_000);
    expect(validate.timedOut).toBe(false);
    expect(validate.code).toBe(1);
    for (const name of SPECIAL) expect(validate.stdout).toContain(`${name} - error FILE_NOT_REGULAR: `);
    expect(validate.stdout).toContain('4 errors, 0 warnings');

    const serve = await runCliProcess(['serve', '--rules', dir, '--http-port', '0', '--no-grpc'], 15_000);
    expect(serve.timedOut).toBe(false);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain('fifo.yaml - error FILE_NOT_REGULAR: ');
  });

  it('a tokens file swapped for a FIFO is refused unread: it holds neither the reloads nor the stop', async () => {
    const token = 'token-0123456789abcdef';
    dir = await writeRulesDir({ 'rules.yaml': rulesOf(1), tokens: `${token}\n` });
    const tokens = path.join(dir, 'tokens');
    server = await startServeProcess([
      '--rules',
      dir,
      '--auth-tokens-file',
      tokens,
      '--no-grpc',
      '--no-watch',
    ]);
    // Replaced by a FIFO no one writes: opening it to read would never return.
    await unlink(tokens);
    execFileSync('mkfifo', [tokens]);
    server.child.kill('SIGHUP');
    await waitUntil('the refusal logged', () =>
      server!.stderr().includes(`${tokens}: it is a FIFO (named pipe), not a regular file`),
    );
    await writeFile(path.join(dir, 'rules.yaml'), rulesOf(2));
    const reloaded = await reload(server.httpPort, token);
    expect(reloaded.status).toBe(200);
    expect(reloaded.body.result).toBe('reloaded');

    server.child.kill('SIGTERM');
    expect(await exitWithin(server, 15_000)).not.toBe('still running');
    expect(server.stdout()).toContain('rulehook: stopped\n');
  });
});
