import type { EventView } from './event-view';
import { parseTemplate } from '../template';
import { internKey } from './intern';

/** Counts what rendering could not fill in, for a metric. */
export interface RenderStats {
  missingTemplateVariables: number;
}

/**
 * A `set` value or operation parameter, parsed once (grammar: ../template.ts),
 * as one flat array: a literal, then per placeholder its key, its fallback
 * (or undefined) and the literal after it. No closure per template.
 */
export class CompiledTemplate {
  /** Set when the text has no placeholder: the value is known at load time. */
  readonly constant: string | undefined;
  /** Literal, then (key, fallback or undefined, literal) per placeholder: what `renderCode` reads. */
  readonly code: readonly (string | undefined)[];

  constructor(text: string) {
    const code: (string | undefined)[] = [''];
    for (const part of parseTemplate(text).parts) {
      if (typeof part === 'string') code[code.length - 1] += part;
      else code.push(internKey(part.key), part.fallback, '');
    }
    this.code = code;
    this.constant = code.length === 1 ? code[0] : undefined;
  }

  render(view: EventView, stats: RenderStats): string {
    return renderCode(this.code, 0, this.code.length, view, stats);
  }
}

/** Renders a template's `code` copied into `array` at [from, to). */
export function renderCode(
  array: readonly unknown[],
  from: number,
  to: number,
  view: EventView,
  stats: RenderStats,
): string {
  let out = array[from] as string;
  for (let i = from + 1; i < to; i += 3) {
    const value = view.get(array[i] as string);
    if (value !== undefined) out += value;
    else {
      const fallback = array[i + 1] as string | undefined;
      if (fallback !== undefined) out += fallback;
      else stats.missingTemplateVariables++;
    }
    out += array[i + 2] as string;
  }
  return out;
}
