import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { OptionDefinitions } from '../options/define-options';
import type { ConfigFile } from './load-config-file';
import { listSettings } from './setting-names';

/**
 * A command's refusal of its settings (`--workers 2 cannot use the memory store ...: add --state none ...`),
 * found in a configuration file: at the first setting it names that the file writes, each flag named by
 * its key. About one setting, INVALID_SETTING; about several, CONFLICTING_SETTINGS.
 */
export function locateSettingsProblem(
  message: string,
  file: ConfigFile,
  definitions: OptionDefinitions,
): Diagnostic {
  const byName = new Map(listSettings(definitions).map((setting) => [setting.name, setting]));
  const named = [...new Set([...message.matchAll(/--([a-z][a-z0-9-]*)/g)].map((m) => m[1] ?? ''))].filter(
    (name) => byName.has(name),
  );
  const worded = message.replace(
    /--([a-z][a-z0-9-]*)/g,
    (flag, name: string) => byName.get(name)?.key ?? flag,
  );
  const written = named.find((name) => file.settings.has(name));
  const range = written === undefined ? undefined : file.parsed?.locate([byName.get(written)!.key]);
  const code = named.length > 1 ? 'CONFLICTING_SETTINGS' : 'INVALID_SETTING';
  return createDiagnostic(code, file.file, worded, { range });
}
