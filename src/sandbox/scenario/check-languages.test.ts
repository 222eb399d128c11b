import { checkScenarioText as check } from '../../../test/support/check-scenario-text';

describe('the languages of a scenario', () => {
  it('reports the configuration language and each media language that is no language, at its place', async () => {
    const { scenario, problems } = await check(
      'configuration: { language: xx-nonsense-123 }\n' +
        'media:\n' +
        '  - { id: seg-1, duration: 1, language: en_GB }\n' +
        '  - { id: seg-2, duration: 1, language: zz-US }\n' +
        '  - { id: seg-3, duration: 1, language: fr-FR }\n',
    );
    expect(scenario).toBeUndefined();
    expect(problems).toEqual([
      {
        code: 'SANDBOX_INVALID_LANGUAGE',
        message: "configuration: language 'xx-nonsense-123' is not a BCP 47 language tag such as en-US",
        at: 'xx-nonsense-123',
      },
      {
        code: 'SANDBOX_INVALID_LANGUAGE',
        message:
          "media segment 'seg-1': language 'en_GB' is not a BCP 47 language tag such as en-US (BCP 47 writes 'en-GB')",
        at: 'en_GB',
      },
      {
        code: 'SANDBOX_INVALID_LANGUAGE',
        message:
          "media segment 'seg-2': language 'zz-US' names no known language: its primary subtag 'zz' is not an ISO 639 language code such as en or fr",
        at: 'zz-US',
      },
    ]);
  });

  it('takes well-formed tags of known languages in any letter case', async () => {
    const { scenario, problems } = await check(
      'configuration: { language: en-us }\nmedia:\n  - { id: seg-1, duration: 1, language: zh-Hant-TW }\n',
    );
    expect(problems).toEqual([]);
    expect(scenario?.configuration.language).toBe('en-us');
  });
});
