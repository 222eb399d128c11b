import { checkLanguageTag } from './check-language-tag';

describe('checkLanguageTag', () => {
  it.each([
    ['en-US', 'English'],
    ['en-us', 'English'],
    ['fr', 'French'],
    ['zh-Hant-TW', 'Chinese'],
    ['es-419', 'Spanish'],
    ['yue', 'Cantonese'],
    ['de-DE-1996', 'German'],
  ])('takes %s, a language ICU knows', (tag, name) => {
    expect(checkLanguageTag(tag)).toEqual({ ok: true, name });
  });

  it.each([
    ['xx-nonsense-123', "'xx-nonsense-123' is not a BCP 47 language tag such as en-US"],
    ['', "'' is not a BCP 47 language tag such as en-US"],
    ['en_GB', "'en_GB' is not a BCP 47 language tag such as en-US (BCP 47 writes 'en-GB')"],
    ['en US', "'en US' is not a BCP 47 language tag such as en-US"],
    // Well formed (a language subtag may have 5 to 8 letters), but no language.
    [
      'english',
      "'english' names no known language: its primary subtag 'english' is not an ISO 639 language code such as en or fr",
    ],
    [
      'xx',
      "'xx' names no known language: its primary subtag 'xx' is not an ISO 639 language code such as en or fr",
    ],
    [
      'zz-US',
      "'zz-US' names no known language: its primary subtag 'zz' is not an ISO 639 language code such as en or fr",
    ],
    [
      'und',
      "'und' names no known language: its primary subtag 'und' is not an ISO 639 language code such as en or fr",
    ],
    [
      'zxx',
      "'zxx' names no known language: its primary subtag 'zxx' is not an ISO 639 language code such as en or fr",
    ],
  ])('refuses %j, saying what was expected', (tag, problem) => {
    expect(checkLanguageTag(tag)).toEqual({ ok: false, problem });
  });
});
