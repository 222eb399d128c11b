import {
  parseDuration,
  parsePercent,
  parsePort,
  parsePositiveInt,
  parsePositiveNumber,
} from './parse-values';

describe('parsePort', () => {
  it('takes 0 (any free port) to 65535', () => {
    expect([parsePort('0', 'p'), parsePort('8080', 'p'), parsePort('65535', 'p')]).toEqual([0, 8080, 65535]);
  });

  it.each(['65536', '-1', '80.5', 'eighty', '', ' 80'])('refuses %j, naming the flag', (text) => {
    expect(parsePort(text, '--http-port')).toBe(
      `--http-port expects a port number from 0 to 65535, got ${JSON.stringify(text)}`,
    );
  });
});

describe('parsePositiveInt', () => {
  it('takes whole numbers from 1 to the largest safe integer', () => {
    expect([parsePositiveInt('1', 'n'), parsePositiveInt('1048576', 'n')]).toEqual([1, 1_048_576]);
    expect(parsePositiveInt(String(Number.MAX_SAFE_INTEGER), 'n')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each(['0', '-3', '1.5', '1e3', 'x', String(2 ** 53)])('refuses %j, naming the flag', (text) => {
    expect(parsePositiveInt(text, '--workers')).toBe(
      `--workers expects a positive whole number, got ${JSON.stringify(text)}`,
    );
  });
});

describe('parsePercent', () => {
  it('takes whole percentages from 1 to 100', () => {
    expect([parsePercent('1', 'p'), parsePercent('50', 'p'), parsePercent('100', 'p')]).toEqual([1, 50, 100]);
  });

  it.each(['0', '101', '12.5', '50%', '', '-5'])('refuses %j, naming the flag', (text) => {
    expect(parsePercent(text, '--client-share')).toBe(
      `--client-share expects a whole percentage from 1 to 100, got ${JSON.stringify(text)}`,
    );
  });
});

describe('parseDuration and parsePositiveNumber', () => {
  it('reads units, and seconds by default', () => {
    expect([
      parseDuration('500ms', 'd'),
      parseDuration('30s', 'd'),
      parseDuration('5m', 'd'),
      parseDuration('1h', 'd'),
    ]).toEqual([500, 30_000, 300_000, 3_600_000]);
    expect(parseDuration('1.5', 'd')).toBe(1500);
    expect(parseDuration('0s', '--duration')).toBe(
      '--duration expects a duration such as 30s, 5m, 1h or 500ms, got "0s"',
    );
    expect(parseDuration('5 days', 'd')).toEqual(expect.any(String));
    expect(parsePositiveNumber('0.5', 'r')).toBe(0.5);
    expect(parsePositiveNumber('-1', '--rate')).toBe('--rate expects a positive number, got "-1"');
  });
});
