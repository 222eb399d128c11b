import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { copyExamplesWorkspace, LspClient } from './lsp-client';

/**
 * For a test file: one server on a copy of the examples (`copyExamplesWorkspace`),
 * started before its tests and stopped (exit code 0 checked) after them.
 */
export function useExamplesServer(): {
  client: () => LspClient;
  file: (...parts: string[]) => string;
  read: (absolute: string) => string;
} {
  let root = '';
  let client: LspClient | undefined;
  beforeAll(async () => {
    root = copyExamplesWorkspace();
    client = await LspClient.start(root);
  });
  afterAll(async () => {
    expect(await client?.stop()).toBe(0);
    rmSync(root, { recursive: true, force: true });
  });
  return {
    client: () => client!,
    file: (...parts) => path.join(root, ...parts),
    read: (absolute) => readFileSync(absolute, 'utf8'),
  };
}
