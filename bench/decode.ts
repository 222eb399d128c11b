import { isDeepStrictEqual } from 'node:util';
import {
  createEmptyResponse,
  decodeEventBinary,
  decodeEventJson,
  encodeResponseBinary,
  encodeResponseJson,
  type CustomLogicResponse,
} from '../src/contract';
import { realisticVariables, wideVariables } from './events';
import {
  compareWithBaseline,
  measure,
  medianNsPerOp,
  summarize,
  type Measured,
  type Subject,
} from './measure';
import { encodeEvent, loadWebhookTypes } from './proto-types';
import { check, chooseRounds, type ResultRow, type RunOptions, type Suite } from './suite';
import { formatNs, printTable, formatTimingCells } from './table';

/** What a typical event's rules answer: one operation and two variable updates. */
function typicalResponse(): CustomLogicResponse {
  const response = createEmptyResponse();
  response.actions_to_perform.push({
    action: 'Enroll',
    parameters: { person_id: 'P-0012345', note: 'tier gold' },
  });
  response.session_variable_updates.push(
    { key: 'risk.level', value: 'high' },
    { key: 'risk.note', value: 'score 0.27, tier gold' },
  );
  return response;
}

/**
 * Micro-benchmarks of rulehook's codecs against the floor each one stands on:
 * the JSON codec against bare JSON.parse + JSON.stringify, the binary Event
 * decoder against protobufjs's generated decoder for the same .proto.
 */
export const decodeSuite: Suite = {
  name: 'decode',
  title: 'rulehook codecs vs JSON.parse/JSON.stringify and protobufjs',
  async run(options: RunOptions) {
    const types = loadWebhookTypes();
    const response = typicalResponse();
    const rows: string[][] = [];
    const summary: ResultRow[] = [];
    const measureOptions = chooseRounds(options, {
      rounds: 15,
      warmupRounds: 2,
      operations: { roundMs: 30 },
    });
    let sink = 0;
    const compare = async (group: string, baseline: Subject, subject: Subject): Promise<void> => {
      const results = await measure([baseline, subject], measureOptions);
      const [base, ours] = results as [Measured, Measured];
      summary.push({
        path: 'decode',
        subject: `${group}: ${ours.label}`,
        baseline: base.label.replace(/ \[baseline\]$/, ''),
        ratio: compareWithBaseline(ours, base),
        figures: `${formatNs(medianNsPerOp(ours))} vs ${formatNs(medianNsPerOp(base))}`,
      });
      for (const s of summarize(results)) {
        rows.push([group, s.label, ...formatTimingCells(s)]);
      }
    };

    for (const variables of [
      realisticVariables('VERIFY_COMPLETED'),
      wideVariables('VERIFY_COMPLETED', 1_000),
    ]) {
      const count = Object.keys(variables).length;
      const text = JSON.stringify({ session_variables: variables });
      const bytes = encodeEvent(types, variables);
      const decodedJson = decodeEventJson(JSON.parse(text));
      const decodedBinary = decodeEventBinary(bytes);
      check(
        decodedJson.ok && isDeepStrictEqual({ ...decodedJson.value.session_variables }, variables),
        'JSON decode',
      );
      check(
        decodedBinary.ok && isDeepStrictEqual({ ...decodedBinary.value.session_variables }, variables),
        'binary decode',
      );

      await compare(
        `JSON, ${count} vars`,
        {
          label: 'JSON.parse + JSON.stringify [baseline]',
          run(n) {
            for (let i = 0; i < n; i++) {
              sink += Object.keys(JSON.parse(text) as object).length;
              sink += JSON.stringify(response).length;
            }
          },
        },
        {
          label: 'JSON.parse + decodeEventJson + encodeResponseJson',
          run(n) {
            for (let i = 0; i < n; i++) {
              sink += decodeEventJson(JSON.parse(text)).ok ? 1 : 0;
              sink += encodeResponseJson(response).length;
            }
          },
        },
      );
      await compare(
        `binary, ${count} vars`,
        {
          label: 'protobufjs Event.decode [baseline]',
          run(n) {
            for (let i = 0; i < n; i++) sink += types.Event.decode(bytes) === null ? 0 : 1;
          },
        },
        {
          label: 'decodeEventBinary',
          run(n) {
            for (let i = 0; i < n; i++) sink += decodeEventBinary(bytes).ok ? 1 : 0;
          },
        },
      );
    }

    // protobufjs writes an empty result_message that rulehook omits: compare decoded, with defaults.
    const readBack = (bytes: Uint8Array) =>
      types.CustomLogicResponse.toObject(types.CustomLogicResponse.decode(bytes), { defaults: true });
    check(
      isDeepStrictEqual(
        readBack(encodeResponseBinary(response)),
        readBack(types.CustomLogicResponse.encode(response).finish()),
      ),
      'binary response encodings agree',
    );
    await compare(
      'binary response',
      {
        label: 'protobufjs CustomLogicResponse.encode [baseline]',
        run(n) {
          for (let i = 0; i < n; i++) sink += types.CustomLogicResponse.encode(response).finish().length;
        },
      },
      {
        label: 'encodeResponseBinary',
        run(n) {
          for (let i = 0; i < n; i++) sink += encodeResponseBinary(response).length;
        },
      },
    );
    check(sink > 0, 'codecs produced results');

    printTable(
      `decode: per event, median of ${measureOptions.rounds} interleaved rounds; cost = subject time / baseline time`,
      ['codec', 'case', 'time/op', 'ops/s', 'noise', 'cost vs baseline'],
      rows,
      2,
    );
    return summary;
  },
};
