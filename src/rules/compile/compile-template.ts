import type { EventView } from '../evaluate/event-view';

/** Counts what rendering could not fill in, for a metric. */
export interface RenderStats {
  missingTemplateVariables: number;
}

/** A `set` value or operation parameter, parsed once: `${KEY}`, `${KEY:-fallback}`, `$$`. */
export type CompiledTemplate = (view: EventView, stats: RenderStats) => string;

type Part = string | { key: string; fallback: string | undefined };

/**
 * Parses template text. `$$` is a literal `$`; a `$` followed by anything but `{`
 * or `$` is literal too. Malformed placeholders (`${` without `}`, empty key) are
 * reported by the checker (TEMPLATE_SYNTAX) before compiling; here they stay literal.
 */
export function parseTemplate(text: string): Part[] {
  const parts: Part[] = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '$' && text[i + 1] === '$') {
      literal += '$';
      i += 2;
    } else if (c === '$' && text[i + 1] === '{') {
      const close = text.indexOf('}', i + 2);
      const body = close < 0 ? '' : text.slice(i + 2, close);
      const sep = body.indexOf(':-');
      const key = sep < 0 ? body : body.slice(0, sep);
      if (close < 0 || key === '') {
        literal += text.slice(i);
        break;
      }
      if (literal !== '') parts.push(literal);
      literal = '';
      parts.push({ key, fallback: sep < 0 ? undefined : body.slice(sep + 2) });
      i = close + 1;
    } else {
      literal += c;
      i++;
    }
  }
  if (literal !== '') parts.push(literal);
  return parts;
}

export function compileTemplate(text: string): CompiledTemplate {
  const parts = parseTemplate(text);
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
