import type { EventView } from '../evaluate/event-view';
import { parseTemplate } from '../template';

/** Counts what rendering could not fill in, for a metric. */
export interface RenderStats {
  missingTemplateVariables: number;
}

/** A `set` value or operation parameter, parsed once (grammar: ../template.ts). */
export type CompiledTemplate = ((view: EventView, stats: RenderStats) => string) & {
  /** Set when the text has no placeholder: the value is known at load time. */
  readonly constant?: string;
};

export function compileTemplate(text: string): CompiledTemplate {
  const { parts } = parseTemplate(text);
  if (parts.every((part) => typeof part === 'string')) {
    const constant = parts.join('');
    return Object.assign(() => constant, { constant });
  }
  return (view, stats) => {
    let out = '';
    for (const part of parts) {
      if (typeof part === 'string') {
        out += part;
        continue;
      }
      const value = view.get(part.key);
      if (value !== undefined) out += value;
      else if (part.fallback !== undefined) out += part.fallback;
      else stats.missingTemplateVariables++;
    }
    return out;
  };
}
