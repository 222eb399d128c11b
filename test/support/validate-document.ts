import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfigFile } from '../../src/cli/config';
import { SERVE_OPTIONS } from '../../src/cli/commands/serve/serve-options';
import type { Diagnostic } from '../../src/diagnostics';
import { parseCatalog } from '../../src/rules/catalog';
import { loadRuleFile } from '../../src/rules/load/load-rule-file';
import { loadSandboxScenario } from '../../src/sandbox/scenario/load-sandbox-scenario';
import { loadScenarioFile } from '../../src/testing/scenario/load-scenario-file';
import type { EditorDocument } from './editor-documents';

/**
 * What `rulehook validate` (and the loaders of `rulehook test`, `sandbox` and `serve --config`) report
 * for a document, in-process. Sandbox scenarios and configuration files are read from disk: a document
 * that is not a file (a docs snippet) is written to `scratch` (a directory) first.
 */
export async function validateDocument(doc: EditorDocument, scratch: string): Promise<Diagnostic[]> {
  switch (doc.kind) {
    case 'rules':
      return loadRuleFile(doc.source, doc.text, undefined).diagnostics;
    case 'catalog':
      return parseCatalog(doc.source, doc.text).diagnostics;
    case 'scenario':
      return loadScenarioFile(doc.source, doc.text).diagnostics;
    case 'sandbox':
      return (await loadSandboxScenario(onDisk(doc, scratch), '/')).diagnostics;
    case 'config':
      return loadConfigFile(onDisk(doc, scratch), '/', SERVE_OPTIONS).diagnostics;
  }
}

function onDisk(doc: EditorDocument, scratch: string): string {
  if (!doc.openAt.includes(`${path.sep}editor-check${path.sep}`)) return doc.openAt;
  const file = path.join(scratch, path.basename(doc.openAt));
  writeFileSync(file, doc.text);
  return file;
}
