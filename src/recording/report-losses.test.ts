import type { LogFields, Logger } from '../observability/logger';
import { LossReport } from './report-losses';

function capture(): Logger & { lines: [string, LogFields | undefined][] } {
  const lines: [string, LogFields | undefined][] = [];
  const log = (m: string, f?: LogFields) => void lines.push([m, f]);
  return { lines, debug: log, info: log, warn: log, error: log };
}
const FAILED = 'cannot write the recording; events lost';
const ENOSPC = new Error('ENOSPC: no space left on device');

describe('LossReport', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('logs the first failure at once, then one line per interval with the events lost since the last line', () => {
    const logger = capture();
    const report = new LossReport(logger, 'r.jsonl', 1000);
    report.noteFailure(3, ENOSPC);
    expect(logger.lines).toEqual([[FAILED, { file: 'r.jsonl', lost: 3, error: ENOSPC.message }]]);
    for (let i = 0; i < 50; i++) report.noteFailure(2, ENOSPC);
    expect(logger.lines).toHaveLength(1);
    jest.advanceTimersByTime(1000);
    expect(logger.lines[1]).toEqual([FAILED, { file: 'r.jsonl', lost: 100, error: ENOSPC.message }]);
    jest.advanceTimersByTime(5000);
    expect(logger.lines).toHaveLength(2);
  });

  it('says once that recording resumed, with what was lost since the last line, within the same limit', () => {
    const logger = capture();
    const report = new LossReport(logger, 'r.jsonl', 1000);
    report.noteFailure(1, ENOSPC);
    report.noteSuccess();
    report.noteFailure(4, ENOSPC);
    report.noteSuccess();
    expect(logger.lines).toHaveLength(1);
    jest.advanceTimersByTime(1000);
    expect(logger.lines[1]).toEqual(['recording resumed', { file: 'r.jsonl', lost: 4 }]);
    report.noteSuccess();
    jest.advanceTimersByTime(5000);
    expect(logger.lines).toHaveLength(2);
  });

  it('flushes what is unsaid at close, and says nothing when nothing was lost', () => {
    const quiet = capture();
    const untroubled = new LossReport(quiet, 'r.jsonl', 1000);
    untroubled.noteSuccess();
    untroubled.flush();
    expect(quiet.lines).toEqual([]);

    const logger = capture();
    const report = new LossReport(logger, 'r.jsonl', 1000);
    report.noteFailure(1, ENOSPC);
    report.noteFailure(6, ENOSPC);
    report.flush();
    expect(logger.lines[1]).toEqual([FAILED, { file: 'r.jsonl', lost: 6, error: ENOSPC.message }]);
    expect(jest.getTimerCount()).toBe(0);
  });
});
