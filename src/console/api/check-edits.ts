import { readFile } from 'node:fs/promises';
import { dedupeDiagnostics } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { LoadResult } from '../../rules/load/load-rule-snapshot';
import { findTestFiles } from '../../testing/scenario/find-test-files';
import type { ConsolePack } from './console-pack';
import { toAbsolute, withEdits } from './pack-workspace';

/** The pack checked with edits over its files: what `validate` and `test` would report once saved. */
export interface CheckedEdits {
  /** The rules' load (rule files and catalog), as `rulehook validate` loads the pack. */
  load: LoadResult;
  /** The load's diagnostics, then those of each scenario test file and each edited sandbox scenario. */
  diagnostics: Diagnostic[];
  /** Every text checked, by the path diagnostics name. */
  sources: Map<string, string>;
}

/**
 * Checks the pack with the edits, by the LSP's workspace (the loader of `validate`, the scenario checks of
 * `test`, the sandbox's scenario check): the rules, every scenario test file of the pack (edited or on
 * disk, against the edited rules) and every edited sandbox scenario.
 */
export async function checkEdits(
  pack: ConsolePack,
  files: ReadonlyMap<string, string>,
): Promise<CheckedEdits> {
  return withEdits(pack, files, async (workspace) => {
    const load = await workspace.packFrom(pack.source).check(workspace.open);
    const diagnostics = [...load.diagnostics];
    const sources = new Map(load.sources);
    const tests = await findTestFiles(['.'], pack.root, true);
    const scenarios = new Set(tests.files.map((found) => found.absolute));
    for (const [file, text] of files) {
      const absolute = toAbsolute(pack, file);
      const kind = workspace.kindOf(absolute, text);
      if (kind === 'scenario') scenarios.add(absolute);
      if (kind !== 'sandbox') continue;
      diagnostics.push(...(await workspace.checkSandbox(absolute, text)));
      sources.set(workspace.shownPath(absolute), text);
    }
    for (const absolute of scenarios) {
      const text = workspace.open.get(absolute) ?? (await readText(absolute));
      if (text === undefined) continue;
      diagnostics.push(...(await workspace.checkScenario(absolute, text)).diagnostics);
      sources.set(workspace.shownPath(absolute), text);
    }
    return { load, diagnostics: dedupeDiagnostics(diagnostics), sources };
  });
}

async function readText(absolute: string): Promise<string | undefined> {
  try {
    return await readFile(absolute, 'utf8');
  } catch {
    return undefined;
  }
}
