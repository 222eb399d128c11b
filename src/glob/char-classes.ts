import { DOT, SLASH } from './glob-syntax';
import { CHAR, type GlobProgram } from './glob-program';

/**
 * The characters a program cannot tell apart, grouped (for `{a,b}*`: `a`,
 * `b`, `/`, `.`, the rest): an automaton needs one transition per group, not
 * per character. Group k holds the code points from `starts[k]` to `starts[k + 1] - 1`.
 */
export class CharClasses {
  readonly starts: readonly number[];
  /** The group of each ASCII character, looked up without a search. */
  readonly ascii = new Uint16Array(128);
  readonly slash: number;
  readonly dot: number;

  constructor(program: GlobProgram) {
    const starts = new Set([0, SLASH, SLASH + 1, DOT, DOT + 1]);
    program.ops.forEach((op, pc) => {
      if (op === CHAR) starts.add(program.args[pc]!).add(program.args[pc]! + 1);
    });
    for (const node of program.classes) {
      for (let i = 0; i < node.ranges.length; i += 2)
        starts.add(node.ranges[i]!).add(node.ranges[i + 1]! + 1);
    }
    this.starts = [...starts].sort((a, b) => a - b);
    for (let code = 0; code < 128; code++) this.ascii[code] = this.classOf(code);
    this.slash = this.classOf(SLASH);
    this.dot = this.classOf(DOT);
  }

  get count(): number {
    return this.starts.length;
  }

  classOf(code: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= code) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
