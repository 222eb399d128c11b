import { createMemoryIO } from '../../../test/support/memory-io';
import { EXIT_USAGE, reportUsage } from './report-usage';

describe('reportUsage', () => {
  it('prints the help on stdout and exits 0', () => {
    const io = createMemoryIO();
    expect(reportUsage(io, 'serve', 'Usage: rulehook serve\n', { ok: false, help: true })).toBe(0);
    expect([io.out(), io.err()]).toEqual(['Usage: rulehook serve\n', '']);
  });

  it('prints why, then the usage, on stderr and exits 2', () => {
    const io = createMemoryIO();
    const code = reportUsage(io, 'test', 'Usage: rulehook test\n', { ok: false, message: 'no' });
    expect(code).toBe(EXIT_USAGE);
    expect(EXIT_USAGE).toBe(2);
    expect([io.out(), io.err()]).toEqual(['', 'rulehook test: no\n\nUsage: rulehook test\n']);
  });
});
