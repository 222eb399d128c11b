import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Whether something accepts connections on the loopback port. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitUntilClosed(port: number, attempts: number): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    if (!(await isListening(port))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('npm start', () => {
  it('builds dist/ before it serves, on a fresh clone too', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.prestart).toBe('npm run build');
  });

  // npm forwards SIGTERM to its script's process only: the script must be the server, not a shell above it.
  it('stops the server when npm is stopped by SIGTERM, freeing its port', async () => {
    // prestart's build is left out (--ignore-scripts): jest's global setup built dist/ already, and a build
    // here would rewrite dist/ under the suites running beside this one. That `npm start` builds first is
    // prestart's job, checked below.
    const args = ['start', '--ignore-scripts', '--', '--http-port', '0', '--no-grpc', '--drain-seconds', '0'];
    const npm = spawn('npm', args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stdout.setEncoding('utf8');
    const port = await new Promise<number>((resolve, reject) => {
      npm.stdout.on('data', (text: string) => {
        out += text;
        const match = /HTTP listening on http:\/\/[^\s]+:(\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      npm.once('exit', (code) =>
        reject(new Error(`npm start exited with ${code} before listening:\n${out}`)),
      );
    });
    expect(await isListening(port)).toBe(true);
    const npmExited = new Promise((resolve) => npm.once('exit', resolve));
    npm.kill('SIGTERM');
    await npmExited;
    expect(await waitUntilClosed(port, 100)).toBe(true);
  }, 30_000);
});
