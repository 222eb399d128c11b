import cluster, { type Worker } from 'node:cluster';
import { silentLogger } from '../observability/logger';
import type { ReloadReport } from './rule-reloader';
import { superviseWorkers } from './supervise-workers';
import { answerReloadRequest, bringWorkerUpToDate } from './worker-reload';
import { createRulesMessage, type WorkerMessage } from './worker-messages';
import { createMemoryIO } from '../../test/support/memory-io';

/** The primary's side of a worker's channel: what was sent to it (no process behind it). */
function channel(connected = true) {
  const sent: WorkerMessage[] = [];
  const worker = {
    isConnected: () => connected,
    send: (message: WorkerMessage, callback?: () => void) => {
      sent.push(message);
      callback?.();
      return true;
    },
  } as unknown as Worker;
  return { worker, sent };
}

const current = createRulesMessage({ ruleFiles: [], diagnostics: [] }, 'b'.repeat(64));
const report: ReloadReport = {
  result: 'unchanged',
  revision: current.revision,
  previous: current.revision,
  diagnostics: [],
};

describe('bringWorkerUpToDate', () => {
  it('sends the rule set in service, and a reload of the other files, to a worker that missed a reload', () => {
    const { worker, sent } = channel();
    bringWorkerUpToDate(worker, 'a'.repeat(64), current);
    expect(sent).toEqual([current, { type: 'rulehook:reload-others' }]);
  });

  it('sends nothing to a worker that serves the rule set in service', () => {
    const { worker, sent } = channel();
    bringWorkerUpToDate(worker, current.revision, current);
    expect(sent).toEqual([]);
  });
});

describe('answerReloadRequest', () => {
  const request = { type: 'rulehook:reload-request', id: 7, trigger: 'admin' } as const;

  it('answers with the report', async () => {
    const { worker, sent } = channel();
    answerReloadRequest(worker, request, () => Promise.resolve(report), silentLogger);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([{ type: 'rulehook:reload-report', id: 7, report }]);
  });

  it('answers a reload that failed with why, so the worker does not wait for its timeout', async () => {
    const { worker, sent } = channel();
    answerReloadRequest(worker, request, () => Promise.reject(new Error('disk gone')), silentLogger);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([{ type: 'rulehook:reload-report', id: 7, error: 'the reload failed: disk gone' }]);
  });
});

describe('superviseWorkers', () => {
  it('starts no worker when stopped while the primary was getting ready', async () => {
    const io = createMemoryIO();
    const code = await superviseWorkers({
      args: [],
      workers: 2,
      rules: () => current,
      reload: () => Promise.resolve(report),
      summary: '',
      io,
      logger: silentLogger,
      signal: AbortSignal.abort('SIGTERM'),
    });
    expect(code).toBe(0);
    expect(Object.keys(cluster.workers ?? {})).toEqual([]);
  });
});
