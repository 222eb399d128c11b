import { splitLines } from './split-lines';

async function* chunks(...parts: (string | Buffer)[]): AsyncGenerator<Buffer> {
  for (const p of parts) yield Buffer.isBuffer(p) ? p : Buffer.from(p);
}
const collect = async (it: AsyncIterable<unknown>) => {
  const out: unknown[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe('splitLines', () => {
  it('splits on LF and CRLF, across chunks, with a last line without a line break', async () => {
    expect(await collect(splitLines(chunks('a\r\nb', 'c\n', '\nd')))).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: 'bc' },
      { line: 3, text: '' },
      { line: 4, text: 'd' },
    ]);
  });

  it('keeps a character split between two chunks whole', async () => {
    const bytes = Buffer.from('é€\n');
    expect(
      await collect(splitLines(chunks(bytes.subarray(0, 1), bytes.subarray(1, 3), bytes.subarray(3)))),
    ).toEqual([{ line: 1, text: 'é€' }]);
  });

  it('reports a line that is not valid UTF-8', async () => {
    const [line] = (await collect(splitLines(chunks(Buffer.from([0x7b, 0xff, 0x7d, 0x0a]))))) as {
      problem: string;
    }[];
    expect(line).toMatchObject({ line: 1, problem: 'the line is not valid UTF-8' });
  });

  it('reports and drops a line longer than the limit, without holding it', async () => {
    const lines = await collect(splitLines(chunks('short\n', 'x'.repeat(8), 'y'.repeat(8), 'z\nnext\n'), 10));
    expect(lines).toEqual([
      { line: 1, text: 'short' },
      { line: 2, text: '', problem: 'the line is longer than 10 bytes (17 bytes); skipped' },
      { line: 3, text: 'next' },
    ]);
  });
});
