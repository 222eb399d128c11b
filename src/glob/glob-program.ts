import { SLASH, type GlobNode } from './glob-syntax';

// Instructions: CHAR, ANY, CLASS, ALL and MATCH are states of the automaton; the others move on without consuming.
export const CHAR = 0; // the character `arg`
export const ANY = 1; // any character but `/`
export const CLASS = 2; // a character of class `arg`
export const ALL = 3; // any character
export const MATCH = 4; // the end of the text
export const SPLIT = 5; // go on at `arg` and at `arg2`
export const JUMP = 6; // go on at `arg`
export const GUARD = 7; // stop here if a `.` starting a segment comes next

/**
 * A glob compiled to a nondeterministic automaton (Thompson's construction):
 * one instruction or a few per node, so its size is linear in the pattern's,
 * braces included (they are never expanded). `*`, `?` and `**` sit behind a
 * GUARD: none of them may match a `.` that starts a segment, nor stand before
 * one having matched nothing. run-program.ts runs it.
 */
export interface GlobProgram {
  readonly ops: readonly number[];
  readonly args: readonly number[];
  readonly args2: readonly number[];
  readonly classes: readonly Extract<GlobNode, { kind: 'class' }>[];
}

export function compileProgram(nodes: readonly GlobNode[]): GlobProgram {
  const ops: number[] = [];
  const args: number[] = [];
  const args2: number[] = [];
  const classes: Extract<GlobNode, { kind: 'class' }>[] = [];
  const emit = (op: number, arg = 0): number => {
    ops.push(op);
    args.push(arg);
    args2.push(0);
    return ops.length - 1;
  };
  /** `x*` behind a guard that each repetition passes again: `GUARD; SPLIT body, out; body: x; JUMP guard`. */
  const emitLoop = (op: number): void => {
    const guard = emit(GUARD);
    const split = emit(SPLIT);
    args[split] = emit(op);
    emit(JUMP, guard);
    args2[split] = ops.length;
  };
  /** `whole`: G; `lead`: `(G/)?`; `trail`: `(/G)?`, where G is `**`'s loop over any character. */
  const emitGlobstar = (form: 'whole' | 'lead' | 'trail'): void => {
    if (form === 'whole') return emitLoop(ALL);
    const split = emit(SPLIT);
    args[split] = ops.length;
    if (form === 'trail') emit(CHAR, SLASH);
    emitLoop(ALL);
    if (form === 'lead') emit(CHAR, SLASH);
    args2[split] = ops.length;
  };
  const emitAlternatives = (options: readonly (readonly GlobNode[])[]): void => {
    const jumps: number[] = [];
    options.forEach((option, index) => {
      const last = index === options.length - 1;
      const split = last ? -1 : emit(SPLIT);
      if (!last) args[split] = ops.length;
      emitSequence(option);
      if (!last) {
        jumps.push(emit(JUMP));
        args2[split] = ops.length;
      }
    });
    for (const jump of jumps) args[jump] = ops.length;
  };
  const emitSequence = (sequence: readonly GlobNode[]): void => {
    for (const node of sequence) {
      if (node.kind === 'char') emit(CHAR, node.code);
      else if (node.kind === 'any') {
        emit(GUARD);
        emit(ANY);
      } else if (node.kind === 'class') emit(CLASS, classes.push(node) - 1);
      else if (node.kind === 'star') emitLoop(ANY);
      else if (node.kind === 'globstar') emitGlobstar(node.form);
      else emitAlternatives(node.options);
    }
  };
  emitSequence(nodes);
  emit(MATCH);
  return { ops, args, args2, classes };
}
