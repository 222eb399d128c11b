import net from 'node:net';
import path from 'node:path';
import { runCli } from '../../src/cli/main';
import { createMemoryIO } from '../support/memory-io';

/** A webhook that accepts connections and never answers, over a real loopback connection. */

const REPO = path.resolve(__dirname, '../..');

let silent: net.Server;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

interface Entry {
  kind: string;
  event?: string;
  sent?: boolean;
  seq?: number;
  result_code?: number | null;
  failure?: { kind: string; message: string } | null;
  node?: string;
  state?: string;
}

describe('a webhook that never answers', () => {
  it.each([
    ['http', /^no answer within 50 ms$/],
    ['grpc', /^gRPC DEADLINE_EXCEEDED/],
  ])(
    'is recorded as timed out on every sent event over %s, and the flow goes on to its decision',
    async (scheme, timedOut) => {
      const { port } = silent.address() as net.AddressInfo;
      const io = createMemoryIO({ cwd: REPO });
      const args = [
        'sandbox',
        'run',
        'examples/sandbox/noise-reduction.yaml',
        '--webhook',
        `${scheme}://127.0.0.1:${port}`,
        '--webhook-timeout',
        '50',
        '--format',
        'json',
        '--allow-webhook-failures',
      ];
      expect(await runCli(args, io)).toBe(0);
      const played = JSON.parse(io.out()) as {
        sessions: { decision: unknown; ended: boolean; timeline: Entry[] }[];
      };
      const [session] = played.sessions;
      const sent = session!.timeline.filter((e) => e.kind === 'event' && e.sent === true);
      const answers = session!.timeline.filter((e) => e.kind === 'answer');
      expect(answers.map((a) => a.seq)).toEqual(sent.map((e) => e.seq));
      for (const answer of answers)
        expect(answer).toMatchObject({
          result_code: null,
          failure: { kind: 'timeout', message: expect.stringMatching(timedOut) },
        });
      expect(sent.map((e) => e.event)).toEqual(expect.arrayContaining(['CALL_STARTED', 'CALL_ENDED']));
      expect(session!.timeline).toContainEqual(
        expect.objectContaining({ kind: 'node', node: 'Verify', state: 'COMPLETED' }),
      );
      expect(session).toMatchObject({ ended: true, decision: { decision: 'POSITIVE' } });
    },
  );
});
