import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryIO } from '../../../../test/support/memory-io';
import { WebhookCore } from '../../../hosts';
import { silentLogger } from '../../../observability/logger';
import { emptyProcessor } from '../../../processor';
import { createHeldTaps, MAX_HELD } from './held-taps';
import { startDecisionLog, startRecording } from './serve-logs';

const event = (name: string) => ({ session_variables: { 'state.currentEvent': name } });
const send = (core: WebhookCore, name: string) =>
  core.onEvent({ ok: true, value: event(name), unknownFields: 0 });

describe('the held taps', () => {
  it('hands the events and decisions seen before the outputs opened to them, in order, then the later ones', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-held-'));
    const held = createHeldTaps(true, true);
    const core = new WebhookCore({
      processor: emptyProcessor,
      eventTap: held.events!.see,
      decisionTap: held.decisions!.see,
    });
    await send(core, 'FIRST');
    await send(core, 'SECOND');
    const record = {
      file: path.join(dir, 'rec.jsonl'),
      redact: [],
      redactKey: undefined,
      maxBytes: undefined,
    };
    const recorder = await startRecording(record, core.metrics, silentLogger, createMemoryIO(), held);
    const logs = {
      masks: [],
      maskKey: undefined,
      decisionLog: { file: path.join(dir, 'd.jsonl'), maxBytes: undefined },
    };
    const decisions = await startDecisionLog(
      logs,
      core.metrics,
      silentLogger,
      undefined,
      createMemoryIO(),
      held,
    );
    await send(core, 'THIRD');
    if (!recorder || !decisions) throw new Error('the outputs did not open');
    await recorder.close();
    await decisions.close();
    const names = (file: string) =>
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.match(/FIRST|SECOND|THIRD/)?.[0]);
    expect(names(record.file)).toEqual(['FIRST', 'SECOND', 'THIRD']);
    expect(names(logs.decisionLog.file)).toEqual(['FIRST', 'SECOND', 'THIRD']);
  });

  it('holds at most MAX_HELD events, and nothing that was not asked for', async () => {
    const held = createHeldTaps(true, false);
    const core = new WebhookCore({ processor: emptyProcessor, eventTap: held.events!.see });
    for (let i = 0; i < MAX_HELD + 5; i++) await send(core, 'E');
    expect(held.events!.pending).toHaveLength(MAX_HELD);
    expect(held.decisions).toBeUndefined();
  });
});
