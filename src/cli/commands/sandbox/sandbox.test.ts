import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryIO, type MemoryIO } from '../../../../test/support/memory-io';
import { callHttp } from '../../../../test/support/sandbox-clients';
import { runCli } from '../../main';

const REPO = path.join(__dirname, '../../../..');

/** Resolves with the ports once the command has printed its listening lines. */
async function waitForListening(
  io: MemoryIO,
  running: Promise<number>,
): Promise<{ http: number; grpc: number }> {
  for (;;) {
    const http = /HTTP listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(io.out());
    const grpc = /gRPC listening on 127\.0\.0\.1:(\d+)/.exec(io.out());
    if (http && grpc) return { http: Number(http[1]), grpc: Number(grpc[1]) };
    const ended = await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 10, 'waiting'))]);
    if (ended !== 'waiting') throw new Error(`sandbox ended with ${String(ended)}: ${io.err()}`);
  }
}

describe('rulehook sandbox', () => {
  it('serves the example scenario, says its results are scripted, and stops on abort', async () => {
    const io = createMemoryIO({ cwd: REPO });
    const controller = new AbortController();
    const args = [
      'sandbox',
      '--scenario',
      'examples/sandbox/card-payment.yaml',
      '--http-port',
      '0',
      '--grpc-port',
      '0',
    ];
    const running = runCli(args, io, controller.signal);
    const ports = await waitForListening(io, running);
    expect(io.out()).toContain(
      'Biometric results are SCRIPTED by the scenario, not computed by voice models.',
    );
    expect(io.out()).toContain('(3 persons, 6 media segments, 8 scripted outcomes)');
    expect(io.out()).toContain('simulated time runs at 1x from now;');
    const lastLine = io.out().trimEnd().split('\n').at(-1)!;
    expect(JSON.parse(lastLine)).toEqual({
      event: 'listening',
      pid: process.pid,
      http: { host: '127.0.0.1', port: ports.http },
      grpc: { host: '127.0.0.1', port: ports.grpc },
    });
    const context = { gk_engagement_id: 'e', gk_session_id: 's', gk_scope_id: 'bank', configset_id: 'c' };
    const answer = await callHttp(`http://127.0.0.1:${ports.http}`, 'POST', '/v1/audios/text-validation', {
      context,
      gk_media_segment_id: { value: 'seg-random' },
      expected_text: 'seven four two nine',
    });
    expect(answer.body.result).toMatchObject({ decision: 'DECISION_POSITIVE', score: 1 });
    controller.abort('SIGINT');
    expect(await running).toBe(0);
  });

  it('refuses a scenario with errors, printing every problem', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-cli-'));
    writeFileSync(
      path.join(dir, 'bad.yaml'),
      'persons:\n  - id: a\n    enrol_status: TRAINED\nmedia:\n  - id: m\n',
    );
    const io = createMemoryIO({ cwd: dir });
    expect(await runCli(['sandbox', '--scenario', 'bad.yaml'], io)).toBe(1);
    expect(io.err()).toContain('UNKNOWN_KEY');
    expect(io.err()).toContain("did you mean 'enroll_status'?");
    expect(io.err()).toContain("bad.yaml:5:5 - error MISSING_KEY: media 'm' needs 'duration' or 'wav'");
    expect(io.err()).toContain('the scenario has 2 errors; not started');
  });

  it('needs a scenario, and something to serve', async () => {
    const io = createMemoryIO();
    expect(await runCli(['sandbox'], io)).toBe(2);
    expect(io.err()).toContain('--scenario FILE');
    expect(
      await runCli(['sandbox', '--scenario', 'x.yaml', '--no-http', '--no-grpc'], createMemoryIO()),
    ).toBe(2);
  });

  it('takes --start-time as an RFC 3339 date-time with its offset only', async () => {
    const io = createMemoryIO();
    const args = ['sandbox', '--scenario', 'x.yaml', '--start-time', '2026-05-01 09:00'];
    expect(await runCli(args, io)).toBe(2);
    expect(io.err()).toContain('--start-time expects an RFC 3339 date-time with its offset');
  });

  it('refuses to start when --ports-file cannot be written, stopping the hosts again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-cli-'));
    const io = createMemoryIO({ cwd: REPO });
    const args = [
      'sandbox',
      '--scenario',
      'examples/sandbox/card-payment.yaml',
      '--http-port',
      '0',
      '--no-grpc',
      '--ports-file',
      path.join(dir, 'missing', 'ports.json'),
    ];
    expect(await runCli(args, io)).toBe(1);
    expect(io.err()).toContain(`cannot write the ports file ${path.join(dir, 'missing', 'ports.json')}`);
    const port = Number(/HTTP listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(io.out())![1]);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('takes one webhook, a live one or rules in-process', async () => {
    const both = ['sandbox', '--scenario', 'x.yaml', '--webhook', 'http://127.0.0.1:1', '--rules', 'r'];
    const io = createMemoryIO();
    expect(await runCli(both, io)).toBe(2);
    expect(io.err()).toContain('not both');
    const bad = createMemoryIO({ cwd: REPO });
    const args = ['sandbox', '--scenario', 'examples/sandbox/noise-reduction.yaml', '--webhook', 'ftp://x'];
    expect(await runCli(args, bad)).toBe(1);
    expect(bad.err()).toContain('--webhook expects');
  });

  it('runs a call through --rules in-process at --speed, its timeline at /v1/sandbox/sessions/{id}', async () => {
    const io = createMemoryIO({ cwd: REPO });
    const controller = new AbortController();
    const args = [
      'sandbox',
      '--scenario',
      'examples/sandbox/noise-reduction.yaml',
      '--rules',
      'examples/noise-reduction',
      '--speed',
      '200',
      '--http-port',
      '0',
      '--grpc-port',
      '0',
    ];
    const running = runCli(args, io, controller.signal);
    const base = `http://127.0.0.1:${(await waitForListening(io, running)).http}`;
    expect(io.out()).toContain('session events go to the rules of examples/noise-reduction, in-process');
    const started = await callHttp(base, 'POST', '/v1/ivr-bot/bank/sessions', {
      call_id: 'cli-call',
      recording_id: 'rec-genuine',
    });
    const id = started.body.call_session_id as string;
    await callHttp(base, 'PATCH', `/v1/ivr-bot/sessions/${id}/person`, { person_id: 'C-1029384' });
    let decision: Record<string, unknown> | undefined;
    while (decision === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const polled = await callHttp(base, 'GET', `/v1/ivr-bot/sessions/${id}/decision`);
      decision = polled.body.session_decision as Record<string, unknown> | undefined;
    }
    expect(decision).toEqual({
      decision: 'DECISION_POSITIVE',
      decision_reason: 'DECISION_REASON_VOICEPRINT_MATCH',
    });
    const timeline = await callHttp(base, 'GET', `/v1/sandbox/sessions/${id}`);
    expect(timeline.body).toMatchObject({ status: { status_code: 'OK' }, call_session_id: id, ended: false });
    const answers = (timeline.body.timeline as { kind: string; fired?: string[] }[]).filter(
      (e) => e.kind === 'answer',
    );
    expect(answers[0]!.fired).toEqual(['noise-reduction/ignore-heartbeats-and-progress-counters']);
    expect((await callHttp(base, 'GET', '/v1/sandbox/sessions/cs-unknown')).status).toBe(404);
    controller.abort('SIGINT');
    expect(await running).toBe(0);
  });
});
