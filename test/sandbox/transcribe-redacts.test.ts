import type { RunningSandbox } from '../../src/sandbox';
import { AUDIO_CONTEXT, callHttp, createSandboxGrpcClient, serveSandbox } from '../support/sandbox-clients';

/** Transcribe with and without `configuration.transcribe_redacts`, over HTTP and gRPC. */
const request = { context: AUDIO_CONTEXT, gk_media_segment_id: { value: 'seg-card' } };

const serve = (configuration: string): Promise<RunningSandbox> =>
  serveSandbox({
    text: `
configuration: ${configuration}
media:
  - id: seg-card
    duration: 5
    transcript: { text: card 4111111111111111 please }
`,
  });

/** Transcribe's answer over HTTP, checked to be Redact's answer and the gRPC one. */
async function transcribeBoth(sandbox: RunningSandbox) {
  const base = `http://127.0.0.1:${sandbox.http!.port}`;
  const { body } = await callHttp(base, 'POST', '/v1/audios/transcription', request);
  const client = createSandboxGrpcClient(`127.0.0.1:${sandbox.grpc!.port}`, 'AudioProcessor');
  try {
    const grpc = (await client.call('Transcribe', request)) as { result: { text: string } };
    expect(grpc.result.text).toBe((body.result as { text: string }).text);
  } finally {
    client.close();
  }
  return body;
}

describe('Transcribe and card numbers', () => {
  it('redacts them, with their locations, as Redact does, when the configuration asks', async () => {
    const sandbox = await serve('{ language: en-US, transcribe_redacts: true }');
    try {
      const body = await transcribeBoth(sandbox);
      expect(body.result).toMatchObject({
        text: 'card ################ please',
        text_details: {
          redaction_status: 'REDACTION_STATUS_REDACTED',
          word_details: [
            { text: 'card', redaction_status: 'REDACTION_STATUS_PLAIN' },
            { text: '################', redaction_status: 'REDACTION_STATUS_REDACTED' },
            { text: 'please', redaction_status: 'REDACTION_STATUS_PLAIN' },
          ],
        },
      });
      const base = `http://127.0.0.1:${sandbox.http!.port}`;
      const redacted = await callHttp(base, 'POST', '/v1/audios/redaction', request);
      expect(body).toEqual(redacted.body);
    } finally {
      await sandbox.close();
    }
  });

  it('masks them when the configuration says masked', async () => {
    const sandbox = await serve('{ language: en-US, transcribe_redacts: true, redaction: masked }');
    try {
      const body = await transcribeBoth(sandbox);
      expect(body.result).toMatchObject({
        text: 'card 4111111111111111 please',
        text_details: { redaction_status: 'REDACTION_STATUS_MASKED' },
      });
    } finally {
      await sandbox.close();
    }
  });

  it('leaves them PLAIN by default', async () => {
    const sandbox = await serve('{ language: en-US }');
    try {
      const body = await transcribeBoth(sandbox);
      expect(body.result).toMatchObject({
        text: 'card 4111111111111111 please',
        text_details: { redaction_status: 'REDACTION_STATUS_PLAIN' },
      });
    } finally {
      await sandbox.close();
    }
  });
});
