import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeLensRequest,
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeConfigurationNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';

const SERVER = path.resolve(__dirname, '../../node_modules/yaml-language-server/bin/yaml-language-server');

/** What an editor's yaml-language-server reports for one document. */
export interface YamlLanguageServer {
  /** Opens `text` as the document `file` (an absolute path, which need not exist) and returns its diagnostics. */
  diagnose(file: string, text: string): Promise<Diagnostic[]>;
  /** Shuts the server down; kills it if it does not exit. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** The workspace folder. */
  root: string;
  /** `yaml.schemas`: schema file (absolute path) to the globs of the documents it applies to. */
  schemas: Record<string, string[]>;
  /** Per request or awaited notification; the server answers a document within a second. */
  timeoutMs?: number;
}

/**
 * Runs the real yaml-language-server over stdio as an editor does: initialize with the workspace, then
 * workspace/didChangeConfiguration, upon which the server pulls the `yaml` settings with
 * workspace/configuration (the schema store, which would go to the network, off),
 * then per document: didOpen, wait for its first publishDiagnostics, didClose. The server validates a
 * document 200 ms after it changes, so callers diagnose documents concurrently; one document is open
 * once at a time (its diagnostics are matched by URI: the server sends no version).
 */
export async function startYamlLanguageServer(options: ServerOptions): Promise<YamlLanguageServer> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: 'pipe' });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const waiting = new Map<string, (diagnostics: Diagnostic[]) => void>();
  connection.onNotification(PublishDiagnosticsNotification.type, ({ uri, diagnostics }) => {
    waiting.get(uri)?.(diagnostics);
  });
  const schemas = Object.fromEntries(
    Object.entries(options.schemas).map(([schema, globs]) => [pathToFileURL(schema).href, globs]),
  );
  const yaml = { validate: true, schemas, schemaStore: { enable: false }, format: { enable: false } };
  connection.onRequest(ConfigurationRequest.type, ({ items }) =>
    items.map((item) => (item.section === 'yaml' ? yaml : null)),
  );
  connection.listen();
  const within = <T>(what: string, promise: Promise<T>) =>
    withTimeout(what, promise, timeoutMs, () => stderr);
  const rootUri = pathToFileURL(options.root).href;
  await within(
    'initialize',
    connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: path.basename(options.root) }],
      capabilities: { workspace: { configuration: true } },
    }),
  );
  await connection.sendNotification(InitializedNotification.type, {});
  await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { yaml } });
  // The server applies settings asynchronously; its code lens handler first awaits the settings pulled
  // last, so its answer means documents opened from now on are validated with the schemas above.
  await within(
    'the settings',
    connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: `${rootUri}/settings.yaml` } }),
  );
  return {
    async diagnose(file, text) {
      const uri = pathToFileURL(file).href;
      if (waiting.has(uri)) throw new Error(`${file} is open already`);
      const received = new Promise<Diagnostic[]>((resolve) => waiting.set(uri, resolve));
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: 'yaml', version: 1, text },
      });
      try {
        return await within(`the diagnostics of ${file}`, received);
      } finally {
        waiting.delete(uri);
        await connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
      }
    },
    stop: () => stopServer(child, connection, timeoutMs),
  };
}

async function stopServer(child: ChildProcessWithoutNullStreams, connection: ProtocolConnection, ms: number) {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    await withTimeout('shutdown', connection.sendRequest(ShutdownRequest.type), ms, () => '');
    await connection.sendNotification(ExitNotification.type);
    await withTimeout('exit', exited, ms, () => '');
  } catch {
    child.kill('SIGKILL');
    await exited;
  } finally {
    connection.dispose();
  }
}

function withTimeout<T>(what: string, promise: Promise<T>, ms: number, stderr: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`yaml-language-server: no ${what} within ${ms} ms\n${stderr()}`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
