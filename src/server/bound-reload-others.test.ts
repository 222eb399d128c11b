import { silentLogger, type Logger } from '../observability/logger';
import { boundReloadOthers } from './bound-reload-others';

describe('boundReloadOthers', () => {
  let errors: string[];
  let logger: Logger;
  beforeEach(() => {
    errors = [];
    logger = { ...silentLogger, error: (message) => errors.push(message) };
  });

  it('waits for a re-read that ends in time, and logs one that fails', async () => {
    let calls = 0;
    const bounded = boundReloadOthers(() => Promise.resolve(void calls++), logger, 1_000);
    await bounded();
    await bounded();
    expect(calls).toBe(2);
    await boundReloadOthers(() => Promise.reject(new Error('EIO')), logger, 1_000)();
    expect(errors).toEqual(['re-reading the tokens file failed']);
  });

  it('stops waiting past its bound, and starts no other re-read until that one ends', async () => {
    let finish: () => void = () => undefined;
    let calls = 0;
    const bounded = boundReloadOthers(
      () => {
        calls++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      logger,
      20,
    );
    await bounded();
    await bounded();
    expect(calls).toBe(1);
    expect(errors).toEqual([
      're-reading the tokens file did not finish within 0.02 s; the tokens loaded before stay in use',
      'an earlier re-read of the tokens file has not finished; it was not read again',
    ]);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    void bounded();
    expect(calls).toBe(2);
    finish();
  });
});
