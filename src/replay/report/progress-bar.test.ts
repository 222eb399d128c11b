import { ProgressBar } from './progress-bar';

describe('ProgressBar', () => {
  afterEach(() => jest.useRealTimers());

  it('shows nothing for short inputs, then a bar that is erased before other output', () => {
    jest.useFakeTimers();
    let text = '';
    const bar = new ProgressBar({ write: (t: string) => (text += t) });
    const tick = (n: number) => {
      for (let i = 1; i < n; i++) bar.update({ file: 'day1.jsonl', bytesRead: 0, size: 100, events: 0 });
    };
    tick(256);
    bar.update({ file: 'day1.jsonl', bytesRead: 10, size: 100, events: 256 });
    expect(text).toBe('');
    jest.advanceTimersByTime(1500);
    tick(256);
    bar.update({ file: 'day1.jsonl', bytesRead: 50, size: 100, events: 512 });
    expect(text).toBe(`\r\x1b[K[${'#'.repeat(15)}${'-'.repeat(15)}]  50% day1.jsonl, 512 events`);
    bar.clear();
    expect(text.endsWith('\r\x1b[K')).toBe(true);
  });

  it('counts events when the size is unknown (stdin)', () => {
    jest.useFakeTimers();
    let text = '';
    const bar = new ProgressBar({ write: (t: string) => (text += t) });
    jest.advanceTimersByTime(1500);
    for (let i = 1; i < 256; i++) bar.update({ file: '-', bytesRead: 0, size: undefined, events: 0 });
    bar.update({ file: '-', bytesRead: 50, size: undefined, events: 1024 });
    expect(text).toBe('\r\x1b[K1,024 events from -');
  });
});
