import { checkScenarioText } from '../../../test/support/check-scenario-text';

const problems = async (text: string) => (await checkScenarioText(text)).problems;

const timing = (fields: string) => `configuration:\n  flow_timing: { ${fields} }\n`;

describe('the order of the enrollment audio limits', () => {
  it('reports an enroll minimum above the train minimum and above the maximum, at the value written', async () => {
    expect(
      await problems(
        timing('min_net_audio_for_enroll: 10, min_net_audio_for_train: 3, max_net_audio_for_enroll: 1'),
      ),
    ).toEqual([
      {
        code: 'INVALID_VALUE',
        message:
          'min_net_audio_for_enroll 10s is above min_net_audio_for_train 3s: the enroll minimum is at most the train minimum',
        at: '10',
      },
      {
        code: 'INVALID_VALUE',
        message:
          'min_net_audio_for_enroll 10s is above max_net_audio_for_enroll 1s: the enroll minimum is at most its maximum',
        at: '10',
      },
    ]);
  });

  it('compares a value written with the defaults of the others', async () => {
    expect(await problems(timing('min_net_audio_for_train: 2'))).toEqual([
      {
        code: 'INVALID_VALUE',
        message:
          'min_net_audio_for_enroll 3s (the default) is above min_net_audio_for_train 2s: the enroll minimum is at most the train minimum',
        at: '2',
      },
    ]);
  });

  it('accepts limits in order, equal ones included', async () => {
    expect(
      await problems(
        timing('min_net_audio_for_enroll: 5, min_net_audio_for_train: 5, max_net_audio_for_enroll: 5'),
      ),
    ).toEqual([]);
    expect(await problems(timing('min_net_audio_for_enroll: 20, min_net_audio_for_train: 30'))).toEqual([]);
  });
});
