import { GlobAutomaton } from './glob-automaton';
import { compileProgram } from './glob-program';
import type { GlobNode } from './glob-syntax';
import { parseGlob } from './parse-glob';
import { ProgramRunner } from './run-program';

const parse = (pattern: string): GlobNode[] => {
  const nodes = parseGlob(pattern);
  if (!Array.isArray(nodes)) throw new Error(nodes.message);
  return nodes;
};

/** Texts of `a` and `b` from a fixed seed, so that a failure repeats. */
function randomTexts(count: number, length: number): string[] {
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) >>> 16;
  return Array.from({ length: count }, () =>
    Array.from({ length }, () => (next() % 2 === 0 ? 'a' : 'b')).join(''),
  );
}

describe('GlobAutomaton', () => {
  it('answers as the simulated program after its table is full', () => {
    // An `a` 12 characters before the end: a state per mix of the last 13 characters, 8,192, more than the table keeps.
    const nodes = parse(`**/*a${'?'.repeat(12)}`);
    const automaton = new GlobAutomaton(nodes);
    const program = new ProgramRunner(compileProgram(nodes));
    const texts = randomTexts(200, 400);
    const answers = texts.map((t) => automaton.test(t));
    expect(answers).toEqual(texts.map((t) => program.simulate(t, 0, [0], true)));
    expect(answers).toContain(true);
    expect(answers).toContain(false);
  });

  it('tests the literal start and end of the pattern before reading the text', () => {
    const automaton = new GlobAutomaton(parse('VERIFY_{A,B}*_DONE'));
    expect(
      ['VERIFY_A_DONE', 'VERIFY_Bx_DONE', 'VERIFY_C_DONE', 'VERIFY_A_DONE/'].map((t) => automaton.test(t)),
    ).toEqual([true, true, false, false]);
  });
});
