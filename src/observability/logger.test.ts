import { createJsonLogger } from './logger';

function capture(level: Parameters<typeof createJsonLogger>[1]) {
  const lines: string[] = [];
  const logger = createJsonLogger({ write: (text: string) => lines.push(text) }, level, () => 0);
  return { lines, logger, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('createJsonLogger', () => {
  it('writes one JSON line per entry: level by name, ISO time, msg, then the fields', () => {
    const { lines, logger } = capture('info');
    logger.info('serving', { revision: 'abc', count: 2 });
    logger.error('failed');
    expect(lines).toEqual([
      '{"level":"info","time":"1970-01-01T00:00:00.000Z","revision":"abc","count":2,"msg":"serving"}\n',
      '{"level":"error","time":"1970-01-01T00:00:00.000Z","msg":"failed"}\n',
    ]);
  });

  it('drops lines below its level, and says which levels it writes', () => {
    const { parsed, logger } = capture('warn');
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    expect(parsed().map((l) => l.msg)).toEqual(['w']);
    expect(['debug', 'info', 'warn', 'error'].map((l) => logger.isLevelEnabled!(l as 'info'))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('children add their bindings to every line', () => {
    const { parsed, logger } = capture('debug');
    const child = logger.child!({ request_id: 'r-1' });
    child.debug('event answered', { fired: ['a/b'] });
    expect(parsed()).toEqual([
      expect.objectContaining({ level: 'debug', request_id: 'r-1', fired: ['a/b'], msg: 'event answered' }),
    ]);
  });

  it('keeps a hostile message and fields on one line', () => {
    const { lines, logger } = capture('info');
    logger.info('a\nb"c', { value: '\u2028\n{"x":1}' });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.split('\n')).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'a\nb"c', value: '\u2028\n{"x":1}' });
  });
});
