import { startLanguageServer } from '../../../lsp/server/start-language-server';
import type { CliIO } from '../../../terminal/command-io';
import { parseLspOptions, LSP_USAGE } from './lsp-options';
import { reportUsage } from '../../options/report-usage';
import { readPackageVersion } from '../../package-info';

export interface LspStreams {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

/**
 * `rulehook lsp [--stdio]`: the language server, until the client says exit.
 * Its protocol owns `streams` (standard input and output for an editor);
 * nothing else may be written to them, so problems of its own go to the
 * client's log, as protocol messages.
 */
export async function runLsp(args: string[], io: CliIO, streams: LspStreams): Promise<number> {
  const parsed = parseLspOptions(args);
  if (!parsed.ok) return reportUsage(io, 'lsp', LSP_USAGE, parsed);
  const server = startLanguageServer({ ...streams, version: readPackageVersion() });
  await server.closed;
  return 0;
}
