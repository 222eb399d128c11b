import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LspClient } from '../support/lsp-client';

/**
 * What the editor shows when files move between packs, are closed, saved behind
 * its back or not saved yet: always what `validate` says of the file's own pack.
 */
let root: string;
let client: LspClient;

const file = (relative: string) => path.join(root, relative);
const write = (relative: string, text: string) => {
  mkdirSync(path.dirname(file(relative)), { recursive: true });
  writeFileSync(file(relative), text);
};
const rule = (on: string) => `ruleset: r\nrules:\n  - id: one\n    on: ${on}\n    then: { set: { a: b } }\n`;
const codes = (d: Diagnostic[]) => d.map((x) => x.code);

/**
 * That no diagnostics `accept` takes are published for `file` within a second:
 * for what must NOT be shown, when nothing published afterwards can mark that
 * the server is done (a wrong publish comes within milliseconds of its cause).
 */
async function expectNoneArrive(relative: string, accept: (d: Diagnostic[]) => boolean): Promise<void> {
  client.forget(file(relative));
  await expect(client.diagnosticsOf(file(relative), accept, 1000)).rejects.toThrow(
    'no acceptable diagnostics',
  );
}

beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'rulehook-lsp-packs-'));
  client = await LspClient.start(root);
});

afterEach(async () => {
  expect(await client.stop()).toBe(0);
  rmSync(root, { recursive: true, force: true });
});

it("keeps a nested pack's view of its files when the enclosing pack's catalog is edited", async () => {
  write('a/catalog.yaml', 'events: [A]\n');
  write('a/b/catalog.yaml', 'events: [B]\n');
  write('a/b/r.yaml', rule('B'));
  await client.open(file('a/b/r.yaml'), rule('B'));
  expect(await client.diagnosticsOf(file('a/b/r.yaml'))).toEqual([]);
  await client.open(file('a/catalog.yaml'), 'events: [A]\n');
  await client.change(file('a/catalog.yaml'), 'events: [A, C]\n');
  await expectNoneArrive('a/b/r.yaml', (d) => d.length > 0);
});

it("does not let a scenario's own catalog overwrite what the rule file's pack says", async () => {
  write('pack/catalog.yaml', 'events: [A, B]\n');
  write('pack/r.yaml', rule('C'));
  write('tests/cat2.yaml', 'events: [C]\n');
  const scenario =
    'rules: ../pack/r.yaml\ncatalog: cat2.yaml\ntests:\n  - { name: t, event: C, expect: { fired: [r/one] } }\n';
  write('tests/x.test.yaml', scenario);
  await client.open(file('pack/r.yaml'), rule('C'));
  expect(codes(await client.diagnosticsOf(file('pack/r.yaml'), (d) => d.length > 0))).toEqual([
    'UNKNOWN_EVENT',
  ]);
  await client.open(file('tests/x.test.yaml'), scenario);
  expect(await client.diagnosticsOf(file('tests/x.test.yaml'))).toEqual([]);
  await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: client.uriOf(file('tests/cat2.yaml')), type: 2 }],
  });
  await expectNoneArrive('pack/r.yaml', (d) => !d.some((x) => x.code === 'UNKNOWN_EVENT'));
});

it('moves files to the pack of a catalog created on disk', async () => {
  write('a/catalog.yaml', 'events: [A]\n');
  write('a/b/r.yaml', rule('B'));
  await client.open(file('a/b/r.yaml'), rule('B'));
  expect(codes(await client.diagnosticsOf(file('a/b/r.yaml'), (d) => d.length > 0))).toEqual([
    'UNKNOWN_EVENT',
  ]);
  write('a/b/catalog.yaml', 'events: [B]\n');
  await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: client.uriOf(file('a/b/catalog.yaml')), type: 1 }],
  });
  expect(await client.diagnosticsOf(file('a/b/r.yaml'), (d) => d.length === 0)).toEqual([]);
});

it('shows nothing of a scenario closed while it was being checked', async () => {
  write('pack/r.yaml', rule('A'));
  const scenario = 'rules: ../pack\ntests:\n  - { name: t, event: A, expect: { fired: [r/onee] } }\n';
  await client.open(file('tests/y.test.yaml'), scenario);
  await client.close(file('tests/y.test.yaml'));
  // A later check of another file is answered after the closed one's check.
  await client.open(file('tests/z.test.yaml'), scenario);
  expect(codes(await client.diagnosticsOf(file('tests/z.test.yaml'), (d) => d.length > 0))).toEqual([
    'UNKNOWN_RULE',
  ]);
  expect(client.latest(file('tests/y.test.yaml')) ?? []).toEqual([]);
});

it('checks a new rule file before it is saved', async () => {
  write('pack/catalog.yaml', 'events: [A]\n');
  write('pack/r.yaml', rule('A'));
  await client.open(file('pack/new.yaml'), rule('X').replace('ruleset: r', 'ruleset: n'));
  expect(codes(await client.diagnosticsOf(file('pack/new.yaml'), (d) => d.length > 0))).toEqual([
    'UNKNOWN_EVENT',
  ]);
});

it('reads a closed file from disk again, even from an editor that does not report saves', async () => {
  write('pack/catalog.yaml', 'events: [A]\n');
  write('pack/r.yaml', rule('X'));
  await client.open(file('pack/r.yaml'), rule('X'));
  expect(codes(await client.diagnosticsOf(file('pack/r.yaml'), (d) => d.length > 0))).toEqual([
    'UNKNOWN_EVENT',
  ]);
  await client.change(file('pack/r.yaml'), rule('A'));
  await client.diagnosticsOf(file('pack/r.yaml'), (d) => d.length === 0);
  write('pack/r.yaml', rule('A'));
  await client.close(file('pack/r.yaml'));
  await expectNoneArrive('pack/r.yaml', (d) => d.length > 0);
});

it("sends a reopened file's diagnostics again, for clients that drop them on close", async () => {
  write('pack/catalog.yaml', 'events: [A]\n');
  write('pack/r.yaml', rule('X'));
  await client.open(file('pack/r.yaml'), rule('X'));
  expect(codes(await client.diagnosticsOf(file('pack/r.yaml'), (d) => d.length > 0))).toEqual([
    'UNKNOWN_EVENT',
  ]);
  await client.close(file('pack/r.yaml'));
  await client.diagnosticsOf(file('pack/catalog.yaml'));
  client.forget(file('pack/r.yaml'));
  await client.open(file('pack/r.yaml'), rule('X'));
  expect(codes(await client.diagnosticsOf(file('pack/r.yaml'), (d) => d.length > 0))).toEqual([
    'UNKNOWN_EVENT',
  ]);
});

it('updates the warning on a filter of one file as a rule of another is edited to wait for a change', async () => {
  const quiet =
    'ruleset: noise\nrules:\n  - id: quiet\n    on: CALL_STARTED\n    then:\n      filter: { keys_to_ignore: ["audio.*"] }\n';
  const waits =
    'ruleset: calls\nrules:\n  - id: record-end\n    on: CALL_ENDED\n    then: { set: { a: b } }\n';
  write('pack/noise.yaml', quiet);
  write('pack/calls.yaml', waits);
  await client.open(file('pack/calls.yaml'), waits);
  const [warning] = await client.diagnosticsOf(file('pack/noise.yaml'), (d) => d.length > 0);
  expect(warning).toMatchObject({ code: 'FILTER_DROPS_LISTENED_EVENT', severity: 2 });
  expect(warning!.range.start).toEqual({ line: 5, character: 33 });
  expect(warning!.message).toContain('rule calls/record-end waits for CALL_ENDED');
  await client.change(
    file('pack/calls.yaml'),
    waits.replace('    then:', '    if: { changed: call.endReason }\n    then:'),
  );
  expect(await client.diagnosticsOf(file('pack/noise.yaml'), (d) => d.length === 0)).toEqual([]);
});
