import type { EventView } from '../evaluate/event-view';
import { parseTemplate } from '../template';

/** Counts what rendering could not fill in, for a metric. */
export interface RenderStats {
  missingTemplateVariables: number;
}

/** A `set` value or operation parameter, parsed once (grammar: ../template.ts). */
export type CompiledTemplate = (view: EventView, stats: RenderStats) => string;

export function compileTemplate(text: string): CompiledTemplate {
  const { parts } = parseTemplate(text);
  if (parts.length === 0) return () => '';
  if (parts.length === 1 && typeof parts[0] === 'string') {
    const constant = parts[0];
    return () => constant;
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
