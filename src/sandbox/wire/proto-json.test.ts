import { loadProtoRoot } from '../../contract';
import { writeJsonForm } from './json-form';
import { FieldTypeError, readJsonForm } from './proto-json';

const root = loadProtoRoot(['vendor/biosec/v1/ivr_bot.proto', 'vendor/biosec/v1/audio_processor.proto']);
const start = root.lookupType('vendor.biosec.v1.StartRecordingRequest');
const words = root.lookupType('vendor.biosec.v1.WordDetails');

describe('proto3 JSON <-> object form', () => {
  it('reads Durations, wrappers and enums, and writes them back the same', () => {
    const json = { recording_side: 'RECORDING_SIDE_1', max_recording_duration: '-1.500s' };
    const object = readJsonForm(start, json);
    expect(object).toEqual({
      recording_side: 'RECORDING_SIDE_1',
      max_recording_duration: { seconds: -1, nanos: -500000000 },
    });
    expect(writeJsonForm(start, object)).toEqual({
      recording_side: 'RECORDING_SIDE_1',
      max_recording_duration: '-1.500s',
    });
    const word = { text: 'four', confidence: 0.84, start_ms: 2000 };
    expect(readJsonForm(words, word)).toEqual({
      text: { value: 'four' },
      confidence: { value: 0.84 },
      start_ms: { value: 2000 },
    });
  });

  it('names each field of the wrong kind', () => {
    const read = (json: unknown) => {
      try {
        readJsonForm(start, json);
        return undefined;
      } catch (error) {
        return (error as FieldTypeError).message;
      }
    };
    expect(read({ max_recording_duration: 5 })).toBe(
      'max_recording_duration: expected a duration such as "1.5s"',
    );
    expect(read({ recording_side: 'LEFT' })).toMatch(
      /^recording_side: expected one of RECORDING_SIDE_UNSPECIFIED/,
    );
    expect(read({ caller_attributes: { channel_index: 1.5 } })).toBe(
      'caller_attributes.channel_index: expected an integer',
    );
    expect(read([])).toBe('(body): expected a JSON object');
    expect(
      read({
        recording_side: 'LEFT',
        caller_attributes: { channel_index: 1.5, person_id: 7 },
        gk_scope_id: 3,
      }),
    ).toBe(
      'gk_scope_id: expected a string; recording_side: expected one of RECORDING_SIDE_UNSPECIFIED, ' +
        'RECORDING_SIDE_1, RECORDING_SIDE_2, RECORDING_SIDE_ALL; caller_attributes.channel_index: expected an ' +
        'integer; caller_attributes.person_id: expected a string',
    );
  });
});
