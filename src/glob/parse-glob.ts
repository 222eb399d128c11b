import { DOT, GLOB_LIMITS, SLASH, type GlobNode, type GlobProblem } from './glob-syntax';
import { scanGlob, unsupported, type GlobToken } from './scan-glob';

/** A brace pair; with at least one comma of its own, an alternative. */
export interface Group {
  open: number;
  close: number;
  /** Token indexes of the group's own commas, in order. */
  commas: number[];
}

interface Context {
  tokens: readonly GlobToken[];
  /** The alternatives, by the index of their `{`. */
  groups: ReadonlyMap<number, Group>;
  /** Indexes of the alternatives' `{`, `,` and `}`. */
  delimiters: ReadonlySet<number>;
}

/**
 * Parses a glob (see docs/rules.md, "Globs"): the nodes it matches with, or
 * why it is refused. Braces pair as in micromatch: a `}` closes the last open
 * `{`; a pair without a comma of its own, an unpaired `{` or `}`, and a comma
 * outside any pair are literal characters.
 */
export function parseGlob(pattern: string): GlobNode[] | GlobProblem {
  if (pattern.length > GLOB_LIMITS.length) {
    return {
      code: 'GLOB_TOO_LARGE',
      construct: 'a long pattern',
      message: `this glob has ${pattern.length.toLocaleString('en-US')} characters; at most ${GLOB_LIMITS.length.toLocaleString('en-US')} are allowed`,
      at: { start: GLOB_LIMITS.length, end: pattern.length },
    };
  }
  const tokens = scanGlob(pattern);
  if (!Array.isArray(tokens)) return tokens;
  const pairs = pairBraces(tokens);
  const problem = findBraceProblem(tokens, pairs);
  if (problem !== undefined) return problem;
  const alternatives = pairs.filter((pair) => pair.commas.length > 0);
  const delimiters = new Set(alternatives.flatMap((group) => [group.open, ...group.commas, group.close]));
  const context: Context = {
    tokens,
    groups: new Map(alternatives.map((group) => [group.open, group])),
    delimiters,
  };
  return buildSequence(context, 0, tokens.length);
}

/** Every brace pair, by the stack rule; the commas of the innermost open pair are its own. */
export function pairBraces(tokens: readonly GlobToken[]): Group[] {
  const pairs: Group[] = [];
  const open: Group[] = [];
  tokens.forEach((token, index) => {
    if (token.type === 'open') open.push({ open: index, close: -1, commas: [] });
    else if (token.type === 'comma') open[open.length - 1]?.commas.push(index);
    else if (token.type === 'close') {
      const pair = open.pop();
      if (pair !== undefined) pairs.push({ ...pair, close: index });
    }
  });
  return pairs;
}

/** Brace ranges (`{1..3}`: `..` inside a pair), and alternatives nested beyond the limit. */
function findBraceProblem(tokens: readonly GlobToken[], pairs: readonly Group[]): GlobProblem | undefined {
  const opens = new Map(pairs.map((pair) => [pair.open, pair]));
  const closes = new Set(pairs.map((pair) => pair.close));
  const inside: Group[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const pair = opens.get(i);
    if (pair !== undefined) {
      inside.push(pair);
      if (pair.commas.length > 0 && ++depth > GLOB_LIMITS.braceDepth) return tooDeep(token);
    } else if (closes.has(i)) {
      if (inside.pop()!.commas.length > 0) depth--;
    } else if (inside.length > 0 && isChar(token, DOT) && isChar(tokens[i + 1], DOT)) {
      const hint = 'list the alternatives (`{1,2,3}`), or use a class (`[1-3]`)';
      return unsupported([token.start, tokens[i + 1]!.end], 'brace ranges (`{1..3}`)', hint);
    }
  }
  return undefined;
}

function tooDeep(token: GlobToken): GlobProblem {
  return {
    code: 'GLOB_TOO_LARGE',
    construct: 'deeply nested braces',
    message: `braces nest more than ${GLOB_LIMITS.braceDepth} deep here`,
    at: { start: token.start, end: token.end },
  };
}

function isChar(token: GlobToken | undefined, code: number): boolean {
  return token?.type === 'char' && token.code === code;
}

function buildSequence(context: Context, from: number, to: number): GlobNode[] | GlobProblem {
  const nodes: GlobNode[] = [];
  for (let i = from; i < to; i++) {
    const token = context.tokens[i]!;
    const group = context.groups.get(i);
    if (group !== undefined) {
      const bounds = [i, ...group.commas, group.close];
      const options: GlobNode[][] = [];
      for (let k = 0; k + 1 < bounds.length; k++) {
        const option = buildSequence(context, bounds[k]! + 1, bounds[k + 1]!);
        if (!Array.isArray(option)) return option;
        options.push(option);
      }
      nodes.push({ kind: 'alt', options });
      i = group.close;
      continue;
    }
    switch (token.type) {
      case 'stars': {
        const star = buildStars(context, i, nodes);
        if ('code' in star) return star;
        if (star.node.kind === 'globstar' && star.node.form === 'lead') i++;
        nodes.push(star.node);
        break;
      }
      case 'qmark':
        nodes.push({ kind: 'any' });
        break;
      case 'class':
        nodes.push({ kind: 'class', negated: token.negated, ranges: token.ranges });
        break;
      case 'char':
        nodes.push({ kind: 'char', code: token.code });
        break;
      default:
        nodes.push({ kind: 'char', code: { open: 0x7b, comma: 0x2c, close: 0x7d }[token.type] });
    }
  }
  return nodes;
}

/**
 * A run of stars: `**` written as a whole segment (between the start or a `/`
 * and a `/` or the end) is a globstar; any other run is `*`. A `**` against a
 * brace's `{`, `,` or `}` is refused: micromatch makes it cross `/` there.
 * For a trailing `/**`, the `/` already in `nodes` becomes part of the globstar.
 */
function buildStars(context: Context, i: number, nodes: GlobNode[]): { node: GlobNode } | GlobProblem {
  const token = context.tokens[i] as Extract<GlobToken, { type: 'stars' }>;
  if (token.count !== 2) return { node: { kind: 'star' } };
  const before = context.tokens[i - 1];
  const after = context.tokens[i + 1];
  if (context.delimiters.has(i - 1) || context.delimiters.has(i + 1)) {
    const hint = 'write `**` outside braces, as a whole segment (`a/**/b`), or `*` within a segment';
    return unsupported([token.start, token.end], '`**` inside braces', hint);
  }
  const segmentBefore = before === undefined || isChar(before, SLASH);
  const segmentAfter = after === undefined || isChar(after, SLASH);
  if (!segmentBefore || !segmentAfter) return { node: { kind: 'star' } };
  if (after !== undefined) return { node: { kind: 'globstar', form: 'lead' } };
  const last = nodes[nodes.length - 1];
  if (last?.kind === 'char' && last.code === SLASH) {
    nodes.pop();
    return { node: { kind: 'globstar', form: 'trail' } };
  }
  return { node: { kind: 'globstar', form: 'whole' } };
}
