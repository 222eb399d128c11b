import { parseSeconds } from './drain-options';

describe('parseSeconds', () => {
  it.each([
    ['0', 0],
    ['5', 5],
    ['0.25', 0.25],
  ])('reads %j as %d', (text, seconds) => {
    expect(parseSeconds(text, '--drain-seconds')).toBe(seconds);
  });

  it.each(['-1', '', '5s', '1e3', 'soon'])('refuses %j, naming the flag', (text) => {
    expect(parseSeconds(text, '--drain-seconds')).toBe(
      `--drain-seconds expects a number of seconds (0 or more), got ${JSON.stringify(text)}`,
    );
  });
});
