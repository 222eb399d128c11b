import { createLineIndex } from './line-index';

describe('createLineIndex', () => {
  it('maps offsets to 1-based lines and columns', () => {
    const index = createLineIndex('ab\ncde\n\nf');
    expect(index.positionAt(0)).toEqual({ line: 1, col: 1 });
    expect(index.positionAt(2)).toEqual({ line: 1, col: 3 }); // the line break itself
    expect(index.positionAt(3)).toEqual({ line: 2, col: 1 });
    expect(index.positionAt(5)).toEqual({ line: 2, col: 3 });
    expect(index.positionAt(7)).toEqual({ line: 3, col: 1 });
    expect(index.positionAt(8)).toEqual({ line: 4, col: 1 });
    expect(index.lineCount).toBe(4);
  });

  it('treats \\r\\n and a lone \\r as one line break each', () => {
    const index = createLineIndex('a\r\nb\rc');
    expect(index.positionAt(3)).toEqual({ line: 2, col: 1 });
    expect(index.positionAt(5)).toEqual({ line: 3, col: 1 });
    expect(index.lineText(1)).toBe('a');
    expect(index.lineText(2)).toBe('b');
    expect(index.lineText(3)).toBe('c');
  });

  it('clamps offsets outside the text', () => {
    const index = createLineIndex('ab\ncd');
    expect(index.positionAt(-5)).toEqual({ line: 1, col: 1 });
    expect(index.positionAt(99)).toEqual({ line: 2, col: 3 });
  });

  it('returns the text of a line without its break, and "" past the end', () => {
    const index = createLineIndex('first\nsecond\n');
    expect(index.lineText(2)).toBe('second');
    expect(index.lineText(3)).toBe('');
    expect(index.lineText(9)).toBe('');
  });

  it('counts columns in UTF-16 code units', () => {
    const index = createLineIndex('é😀x');
    expect(index.positionAt(3)).toEqual({ line: 1, col: 4 });
  });
});
