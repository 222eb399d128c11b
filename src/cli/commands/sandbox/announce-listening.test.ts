import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeListeningJson, removePortsFile, writePortsFile } from './announce-listening';

const host = (port: number) => ({ host: '127.0.0.1', port, close: () => Promise.resolve() });
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ports-file-'));
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the listening announcement', () => {
  it('names both hosts, null for one not served', () => {
    expect(describeListeningJson({ http: host(8081), grpc: undefined })).toEqual({
      event: 'listening',
      pid: process.pid,
      http: { host: '127.0.0.1', port: 8081 },
      grpc: null,
    });
  });

  it('is written whole over an earlier file, leaving no temporary file beside it', async () => {
    const file = path.join(dir, 'ports.json');
    writeFileSync(file, 'an earlier run');
    const announcement = describeListeningJson({ http: host(1), grpc: host(2) });
    expect(await writePortsFile(file, announcement)).toBeUndefined();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(announcement);
    expect(readdirSync(dir)).toEqual(['ports.json']);
    expect(await removePortsFile(file)).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    expect(await removePortsFile(file)).toBeUndefined();
  });

  it('says why it cannot be written', async () => {
    const file = path.join(dir, 'missing', 'ports.json');
    const announcement = describeListeningJson({ http: host(1), grpc: host(2) });
    expect(await writePortsFile(file, announcement)).toMatch(
      new RegExp(`^cannot write the ports file ${file}: ENOENT`),
    );
  });
});
