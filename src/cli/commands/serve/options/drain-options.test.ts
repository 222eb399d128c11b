import { parseSeconds } from './drain-options';

describe('parseSeconds', () => {
  it.each([
    ['0', 0],
    ['5', 5],
    ['0.25', 0.25],
    ['3600', 3600],
  ])('reads %j as %d', (text, seconds) => {
    expect(parseSeconds(text, '--drain-seconds')).toBe(seconds);
  });

  // Past an hour: beyond any grace period, and past 24 days a timer would overflow and not drain at all.
  it.each(['-1', '', '5s', '1e3', 'soon', '3600.5', '2147484'])('refuses %j, naming the flag', (text) => {
    expect(parseSeconds(text, '--drain-seconds')).toBe(
      `--drain-seconds expects a number of seconds from 0 to 3600, got ${JSON.stringify(text)}`,
    );
  });
});
