import { readWithinDeadline } from './read-deadline';

describe('readWithinDeadline', () => {
  it('gives the result of a read that ends in time, and its error', async () => {
    expect(await readWithinDeadline('/a', 1_000, () => Promise.resolve(7))).toEqual({ done: true, value: 7 });
    await expect(readWithinDeadline('/a', 1_000, () => Promise.reject(new Error('no')))).rejects.toThrow(
      'no',
    );
  });

  it('gives up on a read past its deadline, and does not read the path again until it ends', async () => {
    let finish: (value: number) => void = () => undefined;
    const stalled = new Promise<number>((resolve) => (finish = resolve));
    expect(await readWithinDeadline('/b', 10, () => stalled)).toEqual({ done: false, why: 'late' });
    let started = false;
    const again = await readWithinDeadline('/b', 10, () => {
      started = true;
      return Promise.resolve(1);
    });
    expect(again).toEqual({ done: false, why: 'stuck' });
    expect(started).toBe(false);
    // Other paths are read meanwhile.
    expect(await readWithinDeadline('/c', 1_000, () => Promise.resolve(2))).toEqual({ done: true, value: 2 });
    finish(0);
    await stalled;
    await new Promise((resolve) => setImmediate(resolve));
    expect(await readWithinDeadline('/b', 1_000, () => Promise.resolve(3))).toEqual({ done: true, value: 3 });
  });
});
