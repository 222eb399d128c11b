/**
 * The template grammar of `set` values and operation parameters, in one place
 * for the checker (errors, at load time) and the compiler (parts, rendered per event):
 * `${KEY}` is the variable's value, `${KEY:-fallback}` gives a fallback (up to the
 * first `}`), `$$` is a literal `$`, and any other `$` is literal.
 */
export type TemplatePart = string | TemplatePlaceholder;

/** `${key}` or `${key:-fallback}`; `start`/`end` are its offsets in the template text (half-open). */
export interface TemplatePlaceholder {
  key: string;
  fallback: string | undefined;
  start: number;
  end: number;
}

/** A template syntax error; offsets are into the template text, half-open. */
export interface TemplateError {
  message: string;
  start: number;
  end: number;
}

/** Splits template text into literal runs and placeholders. Malformed placeholders stay literal and are reported. */
export function parseTemplate(text: string): { parts: TemplatePart[]; errors: TemplateError[] } {
  const parts: TemplatePart[] = [];
  const errors: TemplateError[] = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    const dollar = text.indexOf('$', i);
    if (dollar === -1) {
      literal += text.slice(i);
      break;
    }
    literal += text.slice(i, dollar);
    const after = text.charAt(dollar + 1);
    if (after !== '{') {
      literal += '$';
      i = dollar + (after === '$' ? 2 : 1);
      continue;
    }
    const close = text.indexOf('}', dollar + 2);
    if (close === -1) {
      errors.push({ message: "'${' has no closing '}'", start: dollar, end: text.length });
      literal += text.slice(dollar);
      break;
    }
    const body = text.slice(dollar + 2, close);
    const separator = body.indexOf(':-');
    const key = separator === -1 ? body : body.slice(0, separator);
    if (key === '') {
      errors.push({
        message: `'${text.slice(dollar, close + 1)}' names no variable`,
        start: dollar,
        end: close + 1,
      });
      literal += text.slice(dollar, close + 1);
    } else {
      if (literal !== '') parts.push(literal);
      literal = '';
      parts.push({
        key,
        fallback: separator === -1 ? undefined : body.slice(separator + 2),
        start: dollar,
        end: close + 1,
      });
    }
    i = close + 1;
  }
  if (literal !== '') parts.push(literal);
  return { parts, errors };
}
