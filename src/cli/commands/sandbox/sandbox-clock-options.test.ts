import { parseStartTime } from './sandbox-clock-options';

describe('parseStartTime', () => {
  it('reads an RFC 3339 date-time with its offset', () => {
    expect(parseStartTime('2026-05-01T09:00:00Z', '--start-time')).toBe(Date.parse('2026-05-01T09:00:00Z'));
    expect(parseStartTime('2026-05-01T11:00:00.5+02:00', '--start-time')).toBe(
      Date.parse('2026-05-01T09:00:00.500Z'),
    );
  });

  it.each(['2026-05-01T09:00:00', '2026-05-01', 'now', '2026-02-30T09:00:00Z'])('refuses %s', (text) => {
    expect(parseStartTime(text, '--start-time')).toBe(
      `--start-time expects an RFC 3339 date-time with its offset, such as 2026-05-01T09:00:00Z, got ${JSON.stringify(text)}`,
    );
  });
});
