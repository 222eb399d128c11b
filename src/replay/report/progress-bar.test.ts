import { ProgressBar } from './progress-bar';

describe('ProgressBar', () => {
  afterEach(() => jest.useRealTimers());

  it('shows nothing for short inputs, then a bar redrawn at most every 200 ms and erased before other output', () => {
    jest.useFakeTimers();
    let text = '';
    const bar = new ProgressBar({ write: (t: string) => (text += t) });
    bar.update({ file: 'day1.jsonl', bytesRead: 10, size: 100, events: 256 });
    expect(text).toBe('');
    jest.advanceTimersByTime(1500);
    bar.update({ file: 'day1.jsonl', bytesRead: 50, size: 100, events: 512 });
    expect(text).toBe(`\r\x1b[K[${'#'.repeat(15)}${'-'.repeat(15)}]  50% day1.jsonl, 512 events`);
    bar.update({ file: 'day1.jsonl', bytesRead: 60, size: 100, events: 600 });
    expect(text).not.toContain('600 events');
    jest.advanceTimersByTime(250);
    bar.update({ file: 'day1.jsonl', bytesRead: 60, size: 100, events: 600 });
    expect(text.endsWith('day1.jsonl, 600 events')).toBe(true);
    bar.clear();
    expect(text.endsWith('\r\x1b[K')).toBe(true);
  });

  it('counts events when the size is unknown (stdin)', () => {
    jest.useFakeTimers();
    let text = '';
    const bar = new ProgressBar({ write: (t: string) => (text += t) });
    jest.advanceTimersByTime(1500);
    bar.update({ file: '-', bytesRead: 50, size: undefined, events: 1024 });
    expect(text).toBe('\r\x1b[K1,024 events from -');
  });
});
