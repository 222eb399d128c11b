import { parseTemplate, type TemplateError } from '../template';

export type { TemplateError };

/** The malformed placeholders of a `set` / `parameters` value (see ../template.ts for the grammar). */
export function findTemplateErrors(source: string): TemplateError[] {
  return parseTemplate(source).errors;
}
