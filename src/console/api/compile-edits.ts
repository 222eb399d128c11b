import { toJsonDiagnostics } from '../../diagnostics/format-json';
import { compileLoadedRules } from '../../rules/book/load-rule-book';
import type { RuleBook } from '../../rules/compile/rule-book';
import { failWith, type ApiResult } from './api-result';
import type { ConsolePack } from './console-pack';
import { withEdits } from './pack-workspace';

export type CompiledEdits = { ok: true; book: RuleBook } | { ok: false; result: ApiResult };

/**
 * The pack's rule book with `files` (edited texts by pack path; none: the files on disk) over the saved
 * files, loaded by the LSP's workspace overlay as `check` loads them and compiled as `validate` and `serve`
 * compile them: the one way every endpoint runs edited rules. Any error refuses it: 422 `RULES_INVALID`
 * with the diagnostics in `validate --format json`'s shape.
 */
export async function compileEdits(
  pack: ConsolePack,
  files: ReadonlyMap<string, string>,
): Promise<CompiledEdits> {
  const load = await withEdits(pack, files, (workspace) =>
    workspace.packFrom(pack.source).check(workspace.open),
  );
  const compiled = compileLoadedRules(load);
  if (compiled.ok) return { ok: true, book: compiled.book };
  const errors = load.diagnostics.filter((d) => d.severity === 'error').length;
  return {
    ok: false,
    result: failWith(
      422,
      'RULES_INVALID',
      `the rules have ${errors} error${errors === 1 ? '' : 's'}: nothing ran`,
      { diagnostics: toJsonDiagnostics(load.diagnostics, load.sources) },
    ),
  };
}
