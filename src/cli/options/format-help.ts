import type { HelpText, OptionDefinition, OptionDefinitions } from './define-options';

/** A row of a help block: what is typed (`--rules PATH`, a command), and its description. */
export type HelpRow = readonly [label: string, description: HelpText];

const INDENT = '  ';
/** Kept between a label longer than its block's column and its description. */
const MIN_GAP = 2;

/**
 * A command's help: its hand-written usage and description (`intro`, ending with a newline), then the
 * `Options:` block rendered from the same definitions the parser reads. `column` is where descriptions
 * start, counted from the start of the line.
 */
export function formatUsage(
  intro: string,
  definitions: OptionDefinitions,
  layout: { column: number },
): string {
  return `${intro}\nOptions:\n${formatOptions(definitions, layout.column)}`;
}

/** One row per option, in definition order; each ends with a newline. */
export function formatOptions(definitions: OptionDefinitions, column: number): string {
  return formatRows(
    Object.entries(definitions).map(([name, definition]) => describeOption(name, definition)),
    column,
  );
}

/** Rows aligned on `column`; a description's further lines start at the same column. */
export function formatRows(rows: readonly HelpRow[], column: number): string {
  return rows
    .map(([label, description]) => {
      const [first = '', ...more] = typeof description === 'string' ? [description] : description;
      const gap = ' '.repeat(Math.max(column - INDENT.length - label.length, MIN_GAP));
      return [`${INDENT}${label}${gap}${first}`, ...more.map((line) => `${' '.repeat(column)}${line}`)]
        .map((line) => `${line}\n`)
        .join('');
    })
    .join('');
}

/** `-h, --help` or `--rules PATH`, and the help lines, the last one followed by the default shown. */
export function describeOption(name: string, definition: OptionDefinition): HelpRow {
  const alias = definition.short === undefined ? '' : `-${definition.short}, `;
  const value = definition.kind === 'boolean' ? '' : ` ${definition.value}`;
  const lines = typeof definition.help === 'string' ? [definition.help] : [...definition.help];
  const shown = describeDefault(definition);
  if (shown !== undefined) lines.push(`${lines.pop() ?? ''} (default: ${shown})`.trimStart());
  return [`${alias}--${name}${value}`, lines];
}

function describeDefault(definition: OptionDefinition): string | undefined {
  if (definition.kind === 'boolean' || definition.helpDefault === false) return undefined;
  if (definition.helpDefault !== undefined) return definition.helpDefault;
  if (definition.kind === 'string' && definition.default !== undefined) return String(definition.default);
  return undefined;
}
