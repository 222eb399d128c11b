import { FREE_SCAN_CHARS } from './evaluation-budget';
import type { TextList } from './operators/operator';
import type { SharedValues } from './shared-values';

const NEGATIVE_ZERO = Symbol('-0');

/**
 * Writes the source of a generated rules function (write-rules-source.ts) and
 * keeps its constants. The only way a value enters the source is `ref`, which
 * stores the value in `constants` and writes `k` and its index; the other
 * pieces are fixed code written by the callers and names made of a letter and
 * a decimal index. So no text of a rule file is ever part of the source.
 */
export class SourceWriter {
  readonly constants: unknown[] = [];
  readonly lines: string[] = [];
  private readonly indices = new Map<unknown, number>();
  /** Index of the `m` local caching each variable read as a number, by the variable name's constant. */
  private readonly numberLocals = new Map<string, number>();

  constructor(private readonly shared: SharedValues) {}

  /** The name of the constant holding `value` (one per distinct value, shared with the book's pool). */
  ref(value: unknown): string {
    const shared = this.shared.share(value);
    // A Map takes -0 and 0 for one key; the constants keep them apart, as the shared pool does.
    const key = Object.is(shared, -0) ? NEGATIVE_ZERO : shared;
    let index = this.indices.get(key);
    if (index === undefined) {
      index = this.constants.length;
      this.constants.push(shared);
      this.indices.set(key, index);
    }
    return `k${index}`;
  }

  /**
   * The variable `key` (a constant's name) read as a number, or null: parsed on
   * the first read of the call and kept in a local for the next (`undefined`:
   * not read yet). A text shorter than FREE_SCAN_CHARS is parsed here, as
   * `parseFiniteNumber` does (`Number()`, then NaN, infinities and blank texts
   * refused: `n - n` is 0 for finite numbers only); a longer one goes through
   * the view, which charges its scan to the budget once per event.
   */
  number(key: string): string {
    let index = this.numberLocals.get(key);
    if (index === undefined) {
      index = this.numberLocals.size;
      this.numberLocals.set(key, index);
    }
    const m = `m${index}`;
    const parse = `(n = +x) - n === 0 && (n !== 0 || x.trim() !== '') ? n : null`;
    const read = `typeof (x = v[${key}]) !== 'string' ? null : x.length < ${FREE_SCAN_CHARS} ? ${parse} : (view.number(${key}) ?? null)`;
    return `(${m} !== undefined ? ${m} : (${m} = ${read}))`;
  }

  /** Declarations of the number locals, for the top of the function. */
  numberDeclarations(): string {
    if (this.numberLocals.size === 0) return '';
    return `let ${[...this.numberLocals.values()].map((i) => `m${i}`).join(', ')};`;
  }

  /** `x` (a variable's value) is one of the texts: one comparison per text of a short list, as `listHas` does. */
  hasText(list: TextList): string {
    if (!Array.isArray(list)) return `${this.ref(list)}.has(x)`;
    if (list.length === 0) return 'false';
    return `(${(list as readonly string[]).map((item) => `x === ${this.ref(item)}`).join(' || ')})`;
  }

  /** A template's code (compile-template.ts) as one expression giving what `renderCode` gives. */
  template(code: readonly (string | undefined)[]): string {
    const terms: string[] = [];
    if (code[0] !== '') terms.push(this.ref(code[0]));
    for (let i = 1; i < code.length; i += 3) {
      const fallback = code[i + 1];
      const missing = fallback === undefined ? `(result.missingTemplateVariables++, '')` : this.ref(fallback);
      terms.push(`(typeof (x = v[${this.ref(code[i])}]) === 'string' ? x : ${missing})`);
      if (code[i + 2] !== '') terms.push(this.ref(code[i + 2]));
    }
    return terms.length === 0 ? `''` : terms.join(' + ');
  }
}
