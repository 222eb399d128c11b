import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  createConnection,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createQuickFixes } from '../actions/quick-fixes';
import { fromUri } from '../diagnostics/to-lsp-diagnostic';
import { LanguageWorkspace } from '../workspace/language-workspace';
import { DiagnosticChecks } from './diagnostic-checks';
import { completeAt, findDefinitionAt, hoverAt } from './language-features';
import { findReferencesAt, prepareRenameAt, renameAt } from './rename-features';

export interface LanguageServerOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** rulehook's version, told to the client. */
  version: string;
}

/** Characters after which editors ask for completion without a keystroke: a value, an item, a template. */
const TRIGGER_CHARACTERS = [' ', '[', ',', '{', '$', '/'];

/**
 * The language server of `rulehook lsp`: JSON-RPC over the given streams (stdio
 * for editors). Diagnostics are `rulehook validate`'s and `rulehook test`'s,
 * published per pack as files change; completion, hover, go to definition and
 * quick fixes read the same packs. Resolves when the client has shut it down.
 */
export function startLanguageServer(options: LanguageServerOptions): {
  connection: Connection;
  closed: Promise<void>;
} {
  const connection = createConnection(ProposedFeatures.all, options.input, options.output);
  const documents = new TextDocuments(TextDocument);
  const workspace = new LanguageWorkspace([]);
  const checks = new DiagnosticChecks(connection, workspace);
  let watchDynamically = false;

  connection.onInitialize((params): InitializeResult => {
    const folders = params.workspaceFolders?.map((f) => fromUri(f.uri)) ?? [
      params.rootUri ? fromUri(params.rootUri) : undefined,
    ];
    workspace.setFolders(folders.filter((f): f is string => f !== undefined));
    watchDynamically = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: {
          openClose: true,
          change: TextDocumentSyncKind.Incremental,
          save: { includeText: false },
        },
        completionProvider: { triggerCharacters: TRIGGER_CHARACTERS },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      },
      serverInfo: { name: 'rulehook', version: options.version },
    };
  });
  connection.onInitialized(() => {
    if (watchDynamically)
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/*.{yaml,yml}' }],
      });
  });

  const pathOf = (uri: string) => fromUri(uri);
  /** Calls `then` with the path of a file document (other schemes are not rulehook's) and keeps its text. */
  const track = (document: TextDocument, then: (absolute: string) => void, keep = true) => {
    const absolute = pathOf(document.uri);
    if (absolute === undefined) return;
    if (keep) workspace.open.set(absolute, document.getText());
    else workspace.open.delete(absolute);
    then(absolute);
  };
  documents.onDidOpen(({ document }) => track(document, (absolute) => checks.opened(absolute)));
  documents.onDidChangeContent(({ document }) => track(document, (absolute) => checks.requestFor(absolute)));
  documents.onDidSave(({ document }) => track(document, (absolute) => checks.filesChanged([absolute])));
  documents.onDidClose(({ document }) => track(document, (absolute) => checks.closed(absolute), false));
  connection.onDidChangeWatchedFiles(({ changes }) => {
    const changed = changes.map((c) => pathOf(c.uri)).filter((p): p is string => p !== undefined);
    checks.filesChanged(changed);
  });

  /** Runs a request's handler on an open file document; `fallback` for any other. */
  const withDocument = <T>(
    uri: string,
    fallback: T,
    run: (absolute: string, document: TextDocument) => T | Promise<T>,
  ): T | Promise<T> => {
    const document = documents.get(uri);
    const absolute = pathOf(uri);
    return document === undefined || absolute === undefined ? fallback : run(absolute, document);
  };
  connection.onCompletion(({ textDocument, position }) =>
    withDocument(textDocument.uri, [], (absolute, document) =>
      completeAt(workspace, absolute, document, position),
    ),
  );
  connection.onHover(({ textDocument, position }) =>
    withDocument(textDocument.uri, null, (absolute, document) =>
      hoverAt(workspace, absolute, document, position),
    ),
  );
  connection.onDefinition(({ textDocument, position }) =>
    withDocument(textDocument.uri, null, (absolute, document) =>
      findDefinitionAt(workspace, absolute, document, position),
    ),
  );
  connection.onReferences(({ textDocument, position }) =>
    withDocument(textDocument.uri, [], (absolute, document) =>
      findReferencesAt(workspace, absolute, document, position),
    ),
  );
  connection.onPrepareRename(({ textDocument, position }) =>
    withDocument(textDocument.uri, null, (absolute, document) =>
      prepareRenameAt(workspace, absolute, document, position),
    ),
  );
  connection.onRenameRequest(({ textDocument, position, newName }) =>
    withDocument(textDocument.uri, null, (absolute, document) =>
      renameAt(workspace, absolute, document, position, newName),
    ),
  );
  connection.onCodeAction(({ textDocument, context }) => {
    const document = documents.get(textDocument.uri);
    return document === undefined ? [] : createQuickFixes(document, context.diagnostics);
  });

  const closed = new Promise<void>((resolve) => {
    connection.onShutdown(() => checks.settle());
    connection.onExit(() => resolve());
  });
  documents.listen(connection);
  connection.listen();
  return { connection, closed };
}
