import fc from 'fast-check';
import { splitLineBatches, splitLines, type RawLine } from './split-lines';

async function* chunks(...parts: (string | Buffer)[]): AsyncGenerator<Buffer> {
  for (const p of parts) yield Buffer.isBuffer(p) ? p : Buffer.from(p);
}
const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};
const linesOf = (it: AsyncIterable<RawLine>) => collect(it);

describe('splitLines', () => {
  it('splits on LF and CRLF, across chunks, with a last line without a line break', async () => {
    expect(await linesOf(splitLines(chunks('a\r\nb', 'c\n', '\nd')))).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: 'bc' },
      { line: 3, text: '' },
      { line: 4, text: 'd' },
    ]);
  });

  it('keeps a character split between two chunks whole', async () => {
    const bytes = Buffer.from('é€\n');
    expect(
      await linesOf(splitLines(chunks(bytes.subarray(0, 1), bytes.subarray(1, 3), bytes.subarray(3)))),
    ).toEqual([{ line: 1, text: 'é€' }]);
  });

  it('reports a line that is not valid UTF-8', async () => {
    const [line] = (await linesOf(splitLines(chunks(Buffer.from([0x7b, 0xff, 0x7d, 0x0a]))))) as {
      problem: string;
    }[];
    expect(line).toMatchObject({ line: 1, problem: 'the line is not valid UTF-8' });
  });

  it('reports and drops a line longer than the limit, without holding it', async () => {
    const lines = await linesOf(splitLines(chunks('short\n', 'x'.repeat(8), 'y'.repeat(8), 'z\nnext\n'), 10));
    expect(lines).toEqual([
      { line: 1, text: 'short' },
      { line: 2, text: '', problem: 'the line is longer than 10 bytes (17 bytes); skipped' },
      { line: 3, text: 'next' },
    ]);
  });

  it('gives the lines of each chunk as one batch, and reports only the lines that are not UTF-8', async () => {
    const bad = Buffer.from([0x7b, 0xff, 0x7d]);
    const batches = await collect(
      splitLineBatches(
        chunks('a\nb\n', Buffer.concat([Buffer.from('c\n'), bad, Buffer.from('\nd\r\ne')]), '\n'),
      ),
    );
    expect(batches).toEqual([
      [
        { line: 1, text: 'a' },
        { line: 2, text: 'b' },
      ],
      [
        { line: 3, text: 'c' },
        { line: 4, text: bad.toString(), problem: 'the line is not valid UTF-8' },
        { line: 5, text: 'd' },
      ],
      [{ line: 6, text: 'e' }],
    ]);
  });

  it('measures the lines of a chunk against the limit in bytes, not characters', async () => {
    const lines = await linesOf(splitLines(chunks('ok\n€€€€\n123456789012\nend\n'), 10));
    expect(lines).toEqual([
      { line: 1, text: 'ok' },
      { line: 2, text: '', problem: 'the line is longer than 10 bytes (12 bytes); skipped' },
      { line: 3, text: '', problem: 'the line is longer than 10 bytes (12 bytes); skipped' },
      { line: 4, text: 'end' },
    ]);
  });

  it('splits large chunks as a plain split would, wherever the chunks and the blank lines fall', async () => {
    const line = fc.oneof(
      fc.constant(''),
      fc.string({ minLength: 1, maxLength: 3000 }).map((t) => t.replace(/[\r\n]/g, 'x')),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 300_000 }),
        async (lines, size) => {
          const bytes = Buffer.from(lines.join('\n') + '\n');
          const parts: Buffer[] = [];
          for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
          const batches = await collect(splitLineBatches(chunks(...parts)));
          expect(batches.flat().map((l) => l.text)).toEqual(lines);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('reports the lines over the limit and keeps the others, wherever the chunks fall', async () => {
    const max = 20;
    const line = fc.string({ maxLength: 45 }).map((t) => t.replace(/[\r\n]/g, 'x'));
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 10 }),
        fc.boolean(),
        async (lines, sizes, lastBreak) => {
          const bytes = Buffer.from(lines.join('\n') + (lastBreak ? '\n' : ''));
          const parts: Buffer[] = [];
          for (let at = 0, i = 0; at < bytes.length; at += sizes[i++ % sizes.length] as number)
            parts.push(bytes.subarray(at, at + (sizes[i % sizes.length] as number)));
          const read = (await collect(splitLineBatches(chunks(...parts), max))).flat();
          const expected = lines
            .map((text, i) => ({ line: i + 1, text, long: Buffer.byteLength(text) > max }))
            .filter((l, i) => lastBreak || i < lines.length - 1 || l.text !== '');
          expect(
            read.map((l) => ({
              line: l.line,
              text: l.problem === undefined ? l.text : '',
              long: l.problem !== undefined,
            })),
          ).toEqual(expected.map((l) => ({ ...l, text: l.long ? '' : l.text })));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('decodes a large chunk in pieces of whole lines, a line longer than a piece whole', async () => {
    const lines = ['a'.repeat(40_000), 'é'.repeat(50_000), '', 'b'.repeat(100_000), 'c', 'd'.repeat(70_000)];
    const read = (await collect(splitLineBatches(chunks(lines.join('\n') + '\n')))).flat();
    expect(read.map((l) => [l.line, l.text, l.problem])).toEqual(lines.map((t, i) => [i + 1, t, undefined]));
  });
});
