import { diagnose, runPipeline, yamlLines } from '../../../test/fixtures/rules/diagnose';

const CATALOG = yamlLines(
  'events: [VOICE_VERIFICATION_COMPLETED, VOICE_ENROLLMENT_COMPLETED, CALL_ENDED, FRAUD_CHECK_COMPLETED, SPOOF_CHECK_COMPLETED]',
);

const rule = (on: string) =>
  yamlLines('ruleset: a', 'rules:', '  - id: r', `    on: ${on}`, '    then: { disable: [Verify] }');

describe('brace alternatives in on', () => {
  it('warns about a misspelled alternative at its own text, as an unknown event, with a suggestion', () => {
    const text = rule('"{VOICE_VERIFICATON_COMPLETED,CALL_ENDED}"');
    expect(diagnose(text, CATALOG)).toEqual(['UNKNOWN_EVENT 4:11']);
    const [d] = runPipeline(text, CATALOG);
    expect(d).toMatchObject({
      severity: 'warning',
      message:
        "the catalog declares no event 'VOICE_VERIFICATON_COMPLETED' (the alternative 'VOICE_VERIFICATON_COMPLETED' of '{VOICE_VERIFICATON_COMPLETED,CALL_ENDED}')",
      suggestion: 'VOICE_VERIFICATION_COMPLETED',
    });
    expect(d!.range!.end - d!.range!.start).toBe('VOICE_VERIFICATON_COMPLETED'.length);
  });

  it('respells the alternative alone when text surrounds the braces', () => {
    const text = rule('"{FRAUD,SPOFF}_CHECK_COMPLETED"');
    expect(diagnose(text, CATALOG)).toEqual(['UNKNOWN_EVENT 4:17']);
    expect(runPipeline(text, CATALOG)[0]).toMatchObject({
      message: expect.stringContaining("no event 'SPOFF_CHECK_COMPLETED'"),
      suggestion: 'SPOOF',
    });
  });

  it('checks nested alternatives as the glob they stand for, and alternatives that are globs', () => {
    const text = rule('["{VOICE_{VERIFICATION,ENROLMENT}_COMPLETED,CALL_ENDED}", "{CALL_*,VOICE_X*}"]');
    expect(diagnose(text, CATALOG)).toEqual(['UNKNOWN_EVENT 4:32', 'ON_MATCHES_NO_EVENT 4:76']);
    const [nested, glob] = runPipeline(text, CATALOG);
    expect(nested).toMatchObject({
      message: expect.stringContaining("no event 'VOICE_ENROLMENT_COMPLETED'"),
      suggestion: 'ENROLLMENT',
    });
    expect(glob!.message).toBe(
      "the alternative 'VOICE_X*' of '{CALL_*,VOICE_X*}' matches none of the catalog's events (as 'VOICE_X*')",
    );
  });

  it('reports a dead outer alternative once, not again for the groups inside it', () => {
    const text = rule('"{CALL_ENDED,VOICE_{A,B}}"');
    expect(diagnose(text, CATALOG)).toEqual(['ON_MATCHES_NO_EVENT 4:22']);
  });

  it('accepts alternatives that each match, and leaves a glob matching nothing to the whole-glob warning', () => {
    expect(diagnose(rule('"{FRAUD,SPOOF}_CHECK_COMPLETED"'), CATALOG)).toEqual([]);
    expect(diagnose(rule('"{*_CHECK,CALL}_*"'), CATALOG)).toEqual([]);
    expect(diagnose(rule('"{X,Y}_Z"'), CATALOG)).toEqual(['ON_MATCHES_NO_EVENT 4:9']);
  });
});
