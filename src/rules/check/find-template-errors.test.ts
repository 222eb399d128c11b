import { findTemplateErrors } from './find-template-errors';

describe('findTemplateErrors', () => {
  it.each([
    'plain',
    '${a}',
    '${a.b:-fallback}',
    '${a:-}',
    '$$',
    '$${not a template',
    'cost: $5',
    'a $ b',
    '${a}${b}',
  ])('accepts %j', (text) => {
    expect(findTemplateErrors(text)).toEqual([]);
  });

  it('reports `${` without `}` from the `${` to the end', () => {
    expect(findTemplateErrors('id ${person.id')).toEqual([
      { message: "'${' has no closing '}'", start: 3, end: 14 },
    ]);
  });

  it('reports a placeholder naming no variable, with or without a fallback', () => {
    expect(findTemplateErrors('${} and ${:-x}')).toEqual([
      { message: "'${}' names no variable", start: 0, end: 3 },
      { message: "'${:-x}' names no variable", start: 8, end: 14 },
    ]);
  });

  it('keeps going after an error', () => {
    expect(findTemplateErrors('${} ${a').map((e) => e.start)).toEqual([0, 4]);
  });
});
