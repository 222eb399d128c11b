import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import ts from 'typescript';
import * as rulehook from '../src';
import { createHttpHandler, WebhookCore } from '../src/hosts';
import { silentLogger } from '../src/observability/logger';
import { runSuggestFilter } from '../src/cli/commands/suggest-filter/suggest-filter';
import { createMemoryIO } from './support/memory-io';

/**
 * Examples of the docs that no other suite runs, run as a reader would run them: the library snippet of
 * filters.md against rulehook's public API, its worked example of suggest-filter against the command, and the
 * error example of contract.md against the HTTP host.
 */
const readDoc = (name: string) => readFileSync(path.join(__dirname, '../docs', name), 'utf8');

/** The first fenced block of `lang` after `heading`. */
function readBlock(doc: string, heading: string, lang: string): string {
  const start = doc.indexOf(`\n\`\`\`${lang}\n`, doc.indexOf(heading)) + lang.length + 5;
  return doc.slice(start, doc.indexOf('\n```', start));
}

describe('docs/filters.md, "The library"', () => {
  const snippet = readBlock(readDoc('filters.md'), '## The library', 'ts');

  /** Runs the snippet as CommonJS, `rulehook` being the public API, with the inputs it leaves to the reader. */
  function runSnippet(inputs: Record<string, unknown>): Record<string, unknown> {
    const { outputText } = ts.transpileModule(`${snippet}\nexport { state, delta, decision };`, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    const exports: Record<string, unknown> = {};
    const load = (id: string) => {
      if (id !== 'rulehook') throw new Error(`the snippet imports ${id}`);
      return rulehook;
    };
    new Function('require', 'exports', ...Object.keys(inputs), outputText)(
      load,
      exports,
      ...Object.values(inputs),
    );
    return exports;
  }

  it('runs on a response as the wire carries it (empty lists left out), and its state then filters', () => {
    const previousVariables = { 'state.currentEvent': 'CALL_STARTED', 'audio.level': '1' };
    const currentVariables = { 'state.currentEvent': 'AUDIO_PROGRESS', 'audio.level': '2' };
    const response = JSON.parse('{"result_code":200,"event_filter":{"keys_to_ignore":["audio.*"]}}');
    const { state, delta, decision } = runSnippet({ previousVariables, currentVariables, response });
    expect(delta).toEqual(['audio.level']);
    expect(decision).toEqual({ sent: true });
    expect(state).toEqual({
      filter: { keys_to_ignore: ['audio.*'], events_to_ignore: [], values_to_ignore: {} },
      disabled: false,
    });
    expect(rulehook.decideEvent(state as rulehook.FilterState, 'AUDIO_PROGRESS', delta as string[])).toEqual({
      sent: false,
      reason: 'keys_to_ignore',
      entry: 'audio.*',
    });
  });
});

describe('docs/filters.md, "A worked example" of suggest-filter', () => {
  const section = readDoc('filters.md').slice(readDoc('filters.md').indexOf('\n### A worked example\n'));
  let pack: string;
  beforeAll(async () => {
    pack = path.join(await mkdtemp(path.join(tmpdir(), 'rulehook-docs-suggest-')), 'fraud-and-spoofing');
    await cp(path.join(__dirname, '../examples/fraud-and-spoofing'), pack, { recursive: true });
  });
  afterAll(async () => {
    await rm(path.dirname(pack), { recursive: true, force: true });
  });

  it('is the output of the command on the example pack, and the file it writes', async () => {
    const [command, ...shown] = readBlock(section, '', '').split('\n');
    expect(command).toBe('$ rulehook suggest-filter --write suggested-filter.yaml');
    const io = createMemoryIO({ cwd: pack });
    expect(await runSuggestFilter(['--write', 'suggested-filter.yaml'], io)).toBe(0);
    expect(io.out()).toBe(`${shown.join('\n')}\n`);
    const written = await readFile(path.join(pack, 'suggested-filter.yaml'), 'utf8');
    // The $schema line points at the package's schema from where the file is: the pack's place in the docs.
    expect(
      written.replace(/^(# yaml-language-server: \$schema=)\S+/, '$1../../schema/rules.schema.json'),
    ).toBe(`${readBlock(section, '', 'yaml')}\n`);
    const [, sent, raised] = /`rulehook replay` sends (\d+) of the (\d+) events/.exec(section) ?? [];
    const report = JSON.parse(
      await (async () => {
        const json = createMemoryIO({ cwd: pack });
        await runSuggestFilter(['--format', 'json'], json);
        return json.out();
      })(),
    );
    expect([Number(sent), Number(raised)]).toEqual([
      report.total.sentBefore - report.total.events,
      report.total.sentBefore,
    ]);
  }, 30_000);
});

describe('docs/contract.md, "Errors"', () => {
  const doc = readDoc('contract.md');
  const section = doc.slice(doc.indexOf('\n### Errors\n'));

  it('shows the answer the HTTP host gives to the request it names', async () => {
    const body = /with the body\s+`([^`]+)` is answered/.exec(section)?.[1];
    expect(body).toBe('{"session_variables":[]}');
    const listener = createHttpHandler(new WebhookCore(), { maxBodyBytes: 1 << 20, logger: silentLogger });
    const res = await request(listener)
      .post('/v1/events')
      .set('content-type', 'application/json')
      .send(body!);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(JSON.parse(readBlock(section, '', 'json')));
  });
});
