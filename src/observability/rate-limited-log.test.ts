import type { Logger } from './logger';
import { RateLimitedLog } from './rate-limited-log';

function collect() {
  const lines: { level: string; msg: string; fields: unknown }[] = [];
  const at = (level: string) => (msg: string, fields?: unknown) => void lines.push({ level, msg, fields });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { lines, logger };
}

describe('RateLimitedLog', () => {
  it('logs the first occurrence at once, then at most one line per interval with the count left out', () => {
    const { lines, logger } = collect();
    let now = 0;
    const log = new RateLimitedLog(logger, 'warn', 'store down', 1000, () => now);
    log.log({ session: 'a' });
    for (let i = 0; i < 5; i++) {
      now += 100;
      log.log({ session: `b${i}` });
    }
    expect(lines).toEqual([{ level: 'warn', msg: 'store down', fields: { session: 'a' } }]);
    now = 1000;
    log.log({ session: 'c' });
    expect(lines[1]).toEqual({ level: 'warn', msg: 'store down', fields: { session: 'c', suppressed: 5 } });
    now = 5000;
    log.log({ session: 'd' });
    expect(lines[2]).toEqual({ level: 'warn', msg: 'store down', fields: { session: 'd' } });
  });
});
