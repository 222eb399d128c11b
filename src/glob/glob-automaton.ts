import { CharClasses } from './char-classes';
import { readLiteral, type GlobNode } from './glob-syntax';
import { compileProgram } from './glob-program';
import { ProgramRunner } from './run-program';

/** A set of program states reached after some text, with what the guard needs to know of that text. */
interface DfaState {
  /** Program counters, ascending, before the moves that consume nothing (program.closure). */
  readonly targets: readonly number[];
  /** The text so far is empty or ends with `/`: a `.` next would start a segment. */
  readonly atSegmentStart: boolean;
  /** Whether the text may end here; computed the first time a text ends here. */
  accepts: boolean | undefined;
}

/**
 * What one automaton keeps at most: transition slots (4 bytes each), and
 * program states over all its states (each costs its closure to build, and
 * memory). Beyond, texts reaching new states are simulated.
 */
const MAX_SLOTS = 1 << 15;
const MAX_TARGETS = 1 << 15;
const UNKNOWN = -1;
const DEAD = 0;
const FULL = -2;

/**
 * Runs a GlobProgram as a deterministic automaton built lazily, as RE2 does: a
 * state is the set of program states reached, and each transition is computed
 * the first time a text needs it, then kept in a table, so a character costs one
 * table lookup (the table has a column per class of characters, char-classes.ts).
 * Once the table is full, a text that reaches a state not in it goes on
 * by simulating the program (sets of program states, nothing kept): the cost
 * per character is then at most proportional to the pattern's size.
 */
export class GlobAutomaton {
  private readonly runner: ProgramRunner;
  private readonly classes: CharClasses;
  /** Literal text every match starts with, and ends with: tested first, with the engine's string search. */
  private readonly prefix: string;
  private readonly suffix: string;
  private readonly ids = new Map<string, number>();
  private readonly states: DfaState[] = [{ targets: [], atSegmentStart: false, accepts: false }];
  /** The next state's id by state id and character class: `table[id * classes + k]`, UNKNOWN until computed. */
  private table = new Int32Array(0);
  /** Program states held by all the states so far (see MAX_TARGETS). */
  private targetsKept = 0;
  private readonly afterPrefix: number;

  constructor(nodes: readonly GlobNode[]) {
    this.runner = new ProgramRunner(compileProgram(nodes));
    this.classes = new CharClasses(this.runner.program);
    this.prefix = readLiteral(nodes.slice(0, countLiterals(nodes))) ?? '';
    this.suffix = readLiteral(nodes.slice(nodes.length - countLiterals([...nodes].reverse()))) ?? '';
    const afterPrefix = this.run(this.prefix, this.intern([0], true), 0);
    this.afterPrefix = typeof afterPrefix === 'number' ? afterPrefix : DEAD;
  }

  test(text: string): boolean {
    if (!text.startsWith(this.prefix) || !text.endsWith(this.suffix)) return false;
    const end = this.run(text, this.afterPrefix, this.prefix.length);
    return typeof end === 'boolean' ? end : this.accepts(this.states[end]!);
  }

  /**
   * Reads `text` from index `from` on, starting in state `state`: the id of the
   * state reached, or whether the text matches once that is known before the
   * end (a dead state), or by simulation (the table is full).
   */
  private run(text: string, state: number, from: number): number | boolean {
    const classes = this.classes.count;
    const ascii = this.classes.ascii;
    let table = this.table;
    for (let i = from; i < text.length;) {
      const at = i;
      let code = text.charCodeAt(i);
      let k: number;
      if (code < 128) {
        k = ascii[code]!;
        i++;
      } else {
        code = text.codePointAt(i)!;
        i += code > 0xffff ? 2 : 1;
        k = this.classes.classOf(code);
      }
      let next = table[state * classes + k]!;
      if (next === UNKNOWN) {
        next = this.step(state, k);
        table = this.table;
        if (next === FULL) {
          const { targets, atSegmentStart } = this.states[state]!;
          return this.runner.simulate(text, at, targets, atSegmentStart);
        }
      }
      if (next === DEAD) return false;
      state = next;
    }
    return state;
  }

  /** The state after a character of class k, computed and kept; FULL when there is no room for a new state. */
  private step(from: number, k: number): number {
    const { targets, atSegmentStart } = this.states[from]!;
    const next = this.move(targets, atSegmentStart && k === this.classes.dot, this.classes.starts[k]!);
    const to = next.length === 0 ? DEAD : this.intern(next, k === this.classes.slash);
    if (to !== FULL) this.table[from * this.classes.count + k] = to;
    return to;
  }

  /** The program states after reading `code` from `targets`. */
  private move(targets: readonly number[], guarded: boolean, code: number): number[] {
    const next: number[] = [];
    for (const pc of this.runner.closure(targets, guarded)) {
      if (this.runner.consumes(pc, code)) next.push(pc + 1);
    }
    return next;
  }

  private accepts(state: DfaState): boolean {
    state.accepts ??= this.runner.accepts(this.runner.closure(state.targets, false));
    return state.accepts;
  }

  private intern(targets: number[], atSegmentStart: boolean): number {
    const key = `${atSegmentStart ? '/' : ''}${targets.join(',')}`;
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    if (this.targetsKept + targets.length > MAX_TARGETS) return FULL;
    const classes = this.classes.count;
    if ((this.states.length + 1) * classes > this.table.length) {
      const size = Math.max(8 * classes, this.table.length * 2);
      if (size > MAX_SLOTS && this.table.length > 0) return FULL;
      const grown = new Int32Array(size).fill(UNKNOWN);
      grown.set(this.table);
      this.table = grown;
    }
    this.targetsKept += targets.length;
    this.states.push({ targets, atSegmentStart, accepts: undefined });
    this.ids.set(key, this.states.length - 1);
    return this.states.length - 1;
  }
}

function countLiterals(nodes: readonly GlobNode[]): number {
  const end = nodes.findIndex((node) => node.kind !== 'char');
  return end === -1 ? nodes.length : end;
}
