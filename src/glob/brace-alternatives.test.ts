import { listBraceAlternatives, type BraceAlternative } from './brace-alternatives';

const show = (alternatives: readonly BraceAlternative[]): unknown[] =>
  alternatives.map((a) => [a.start, a.end, a.pattern, ...(a.inner.length ? [show(a.inner)] : [])]);

describe('listBraceAlternatives', () => {
  it('lists each alternative with the pattern it stands for, nested groups reduced on the way', () => {
    expect(show(listBraceAlternatives('x{A,{B,C}D}y'))).toEqual([
      [2, 3, 'xAy'],
      [
        4,
        10,
        'x{B,C}Dy',
        [
          [5, 6, 'xBDy'],
          [7, 8, 'xCDy'],
        ],
      ],
    ]);
  });

  it('pairs braces as the compiler does: no comma of its own, unpaired or escaped braces are text', () => {
    expect(show(listBraceAlternatives('{a}{b,}\\{c,d}'))).toEqual([
      [4, 5, '{a}b\\{c,d}'],
      [6, 6, '{a}\\{c,d}'],
    ]);
    expect(listBraceAlternatives('plain')).toEqual([]);
    expect(listBraceAlternatives('@(a|b){c,d}')).toEqual([]);
  });
});
