import { EventEmitter } from 'node:events';
import { OutputWriter } from './output-writer';
import { SessionGroups } from './session-groups';

describe('OutputWriter', () => {
  it('batches writes and waits for drain when the sink is full', async () => {
    const sink = Object.assign(new EventEmitter(), {
      writes: [] as string[],
      write: (_t: string): boolean => true,
    });
    sink.write = (text: string) => {
      sink.writes.push(text);
      return false;
    };
    const out = new OutputWriter(sink);
    await out.write('a');
    await out.write('b');
    expect(sink.writes).toEqual([]);
    let flushed = false;
    const flushing = out.flush().then(() => (flushed = true));
    await new Promise((r) => setImmediate(r));
    expect(sink.writes).toEqual(['ab']);
    expect(flushed).toBe(false);
    sink.emit('drain');
    await flushing;
    expect(flushed).toBe(true);
  });

  it('writes a full batch at once', async () => {
    const writes: string[] = [];
    const out = new OutputWriter({ write: (t: string) => writes.push(t) });
    await out.write('x'.repeat(70_000));
    expect(writes).toHaveLength(1);
  });
});

describe('SessionGroups', () => {
  it('groups blocks by session in order of first appearance, flushing when full', async () => {
    let printed = '';
    const groups = new SessionGroups(
      async (t) => void (printed += t),
      (s, continued) => `[${s}${continued ? ' cont' : ''}]`,
      4,
    );
    for (const [s, b] of [
      ['a', '1'],
      ['b', '2'],
      ['a', '3'],
      ['c', '4'],
      ['a', '5'],
    ])
      await groups.add(s!, b!);
    await groups.flush();
    expect(printed).toBe('[a]13[b]2[c]4[a cont]5');
  });
});

describe('OutputWriter when its reader goes away', () => {
  it('reports it once, stops waiting for drain, and drops later output', async () => {
    const sink = Object.assign(new EventEmitter(), {
      writes: 0,
      write: (): boolean => (sink.writes++, false),
    });
    const closed: unknown[] = [];
    const out = new OutputWriter(sink, { onClosed: (e) => closed.push(e) });
    await out.write('x');
    const flushing = out.flush();
    sink.emit('error', new Error('write EPIPE'));
    sink.emit('error', new Error('write EPIPE'));
    await flushing;
    await out.write('y'.repeat(70_000));
    await out.flush();
    expect(closed).toHaveLength(1);
    expect(sink.writes).toBe(1);
  });
});
