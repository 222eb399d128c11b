import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createProtocolConnection,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { URI } from 'vscode-uri';

const CLI = path.join(__dirname, '../../dist/cli/main.js');

/**
 * An editor's side of `rulehook lsp`: the built CLI started as a child process,
 * JSON-RPC over its stdio, and the diagnostics it publishes kept by file.
 */
export class LspClient {
  readonly connection: ProtocolConnection;
  private readonly diagnostics = new Map<string, Diagnostic[]>();
  private readonly waiters: (() => void)[] = [];
  private readonly versions = new Map<string, number>();
  readonly stderr: string[] = [];

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    this.connection = createProtocolConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    child.stderr.on('data', (chunk: Buffer) => this.stderr.push(chunk.toString()));
    this.connection.onNotification(PublishDiagnosticsNotification.type, ({ uri, diagnostics }) => {
      this.diagnostics.set(URI.parse(uri).fsPath, diagnostics);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.connection.listen();
  }

  /**
   * Starts the server and initializes it with `root` as the workspace folder.
   * `cli` is the built CLI to run (the repository's `dist/cli/main.js` by default);
   * `nodeArgs` go to node before it (`--cpu-prof`, to profile the server).
   */
  static async start(
    root: string,
    options: { watch?: boolean; cli?: string; nodeArgs?: readonly string[] } = {},
  ): Promise<LspClient> {
    const args = [...(options.nodeArgs ?? []), options.cli ?? CLI, 'lsp', '--stdio'];
    const child = spawn(process.execPath, args, { cwd: root });
    const client = new LspClient(child);
    await client.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: URI.file(root).toString(),
      workspaceFolders: [{ uri: URI.file(root).toString(), name: path.basename(root) }],
      capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: options.watch === true } } },
    });
    await client.connection.sendNotification('initialized', {});
    return client;
  }

  uriOf(file: string): string {
    return URI.file(file).toString();
  }

  async open(file: string, text: string): Promise<void> {
    this.versions.set(file, 1);
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: this.uriOf(file), languageId: 'yaml', version: 1, text },
    });
  }

  /** Replaces the whole text of an open document, as an editor's full sync does. */
  async change(file: string, text: string): Promise<void> {
    const version = (this.versions.get(file) ?? 1) + 1;
    this.versions.set(file, version);
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: this.uriOf(file), version },
      contentChanges: [{ text }],
    });
  }

  async close(file: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', {
      textDocument: { uri: this.uriOf(file) },
    });
  }

  /** The diagnostics last published for `file`, once `accept` takes them (within `ms`). */
  async diagnosticsOf(file: string, accept: (d: Diagnostic[]) => boolean = () => true, ms = 10_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const current = this.diagnostics.get(file);
      if (current !== undefined && accept(current)) return current;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no acceptable diagnostics for ${file}; last: ${JSON.stringify(current, null, 1)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The diagnostics last published for `file`, if any were. */
  latest(file: string): Diagnostic[] | undefined {
    return this.diagnostics.get(file);
  }

  /** Forgets what was published, so that the next wait sees only new diagnostics. */
  forget(file: string): void {
    this.diagnostics.delete(file);
  }

  async request<T>(method: string, file: string, line: number, character: number, extra = {}): Promise<T> {
    return this.connection.sendRequest(method, {
      textDocument: { uri: this.uriOf(file) },
      position: { line, character },
      ...extra,
    });
  }

  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', resolve));
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    const code = await exited;
    this.connection.dispose();
    return code;
  }
}

/** A temporary workspace folder holding a copy of the example packs and the rule fixtures, to edit freely. */
export function copyExamplesWorkspace(): string {
  const repo = path.join(__dirname, '../..');
  const root = mkdtempSync(path.join(tmpdir(), 'rulehook-lsp-'));
  for (const pack of ['fraud-and-spoofing', 'enrollment-after-opt-in', 'noise-reduction'])
    cpSync(path.join(repo, 'examples', pack), path.join(root, pack), { recursive: true });
  cpSync(path.join(repo, 'test/fixtures/rules'), path.join(root, 'fixtures'), { recursive: true });
  return root;
}

/** The LSP position of an offset of `text`. */
export function positionIn(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}
