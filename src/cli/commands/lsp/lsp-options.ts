import { defineFlag } from '../../options/define-options';
import { formatUsage } from '../../options/format-help';
import { HELP_OPTION, parseCommandLine, type ParseResult } from '../../options/parse-command-line';

const LSP_OPTIONS = {
  stdio: defineFlag({
    help: 'talk JSON-RPC over standard input and output (the only transport; accepted for clients that pass it)',
  }),
  help: HELP_OPTION,
};

export const LSP_USAGE = formatUsage(
  `Usage: rulehook lsp [--stdio]

Run the language server for rule files, catalogs and scenario files: diagnostics as
\`rulehook validate\` reports them, completion from the catalog, hover, go to definition
and quick fixes. An editor starts it; it reads requests on standard input.
`,
  LSP_OPTIONS,
  { column: 12 },
);

export function parseLspOptions(args: readonly string[]): ParseResult<Record<string, never>> {
  const parsed = parseCommandLine(args, LSP_OPTIONS, { positionals: false });
  return parsed.ok ? { ok: true, options: {} } : parsed;
}
