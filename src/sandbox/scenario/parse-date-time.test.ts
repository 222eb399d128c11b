import { normalizeDateTime, parseDateTime } from './parse-date-time';

describe('parseDateTime', () => {
  it.each([
    ['2026-01-15T09:30:00Z', Date.UTC(2026, 0, 15, 9, 30)],
    ['2026-01-15T09:30:00.250+02:00', Date.UTC(2026, 0, 15, 7, 30, 0, 250)],
    ['2024-02-29t23:59:59z', Date.UTC(2024, 1, 29, 23, 59, 59)],
  ])('reads %s', (text, millis) => {
    expect(parseDateTime(text)).toBe(millis);
  });

  it.each([
    'yesterday',
    '2026-01-15',
    '2026-01-15T09:30:00',
    '2026-13-45T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-01-15T24:00:00Z',
    '2026-01-15T09:30:00+24:00',
    'Thu, 15 Jan 2026 09:30:00 GMT',
  ])('refuses %s', (text) => {
    expect(parseDateTime(text)).toBeUndefined();
  });

  it('normalizes to UTC with milliseconds', () => {
    expect(normalizeDateTime('2026-01-15T09:30:00+02:00')).toBe('2026-01-15T07:30:00.000Z');
  });
});
