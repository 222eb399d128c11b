import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const withSet = (value: string) =>
  yamlLines(
    'ruleset: a',
    'rules:',
    '  - id: r',
    `    then: { set: { note: "${value}" }, schedule: [ { action: A, parameters: { p: "${value}" } } ] }`,
  );

describe('template size', () => {
  it('accepts templates at the limits', () => {
    expect(diagnose(withSet('x'.repeat(16_384)))).toEqual([]);
    expect(diagnose(withSet('${k}'.repeat(256)))).toEqual([]);
  });

  it('reports a template longer than the limit, in set values and parameters', () => {
    const diagnostics = runPipeline(withSet('x'.repeat(16_385)));
    expect(diagnostics.map((d) => d.code)).toEqual(['TEMPLATE_TOO_LARGE', 'TEMPLATE_TOO_LARGE']);
    expect(diagnostics[0]!.message).toBe(
      'this text is 16,385 characters long; a template may have at most 16,384',
    );
  });

  it('reports a template with more placeholders than the limit', () => {
    const diagnostics = runPipeline(withSet('${k}'.repeat(257)));
    expect(diagnostics.map((d) => d.code)).toEqual(['TEMPLATE_TOO_LARGE', 'TEMPLATE_TOO_LARGE']);
    expect(diagnostics[0]!.message).toBe(
      'this template has 257 placeholders (${...}); at most 256 are allowed',
    );
    expect(diagnose(withSet('${k}'.repeat(257)))[0]).toBe('TEMPLATE_TOO_LARGE 4:26');
  });
});
