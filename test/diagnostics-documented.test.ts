import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_CODES, DIAGNOSTIC_CODES, type DiagnosticCode } from '../src/diagnostics';

/** docs/diagnostics.md: one `### CODE` section per code, stating its severity first. */
const DOC = readFileSync(path.join(__dirname, '../docs/diagnostics.md'), 'utf8');

function readSections(): Map<string, string> {
  const sections = new Map<string, string>();
  const parts = DOC.split(/^### /m).slice(1);
  for (const part of parts) {
    const [heading = '', ...body] = part.split('\n');
    sections.set(heading.trim(), body.join('\n'));
  }
  return sections;
}

describe('docs/diagnostics.md', () => {
  const sections = readSections();

  it('documents every code of the registry', () => {
    expect(ALL_CODES.filter((code) => !sections.has(code))).toEqual([]);
  });

  it('documents no code the registry does not have', () => {
    expect([...sections.keys()].filter((code) => !(code in DIAGNOSTIC_CODES))).toEqual([]);
  });

  it('states the same severity as the registry', () => {
    const mismatched = [...sections].filter(([code, body]) => {
      const severity = DIAGNOSTIC_CODES[code as DiagnosticCode]?.severity;
      return severity !== undefined && !body.trimStart().startsWith(`**${severity}.**`);
    });
    expect(mismatched.map(([code]) => code)).toEqual([]);
  });

  it('links every section of codes from its index ("Codes by stage")', () => {
    const index = DOC.slice(
      DOC.indexOf('Codes by stage:'),
      DOC.indexOf('\n\n', DOC.indexOf('Codes by stage:')),
    );
    const linked = [...index.matchAll(/\]\(#([a-z-]+)\)/g)].map((m) => m[1]);
    const sections = [...DOC.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.toLowerCase().replace(/ /g, '-'));
    expect(sections).toContain('sandbox-scenarios');
    expect(linked).toEqual(sections);
  });
});
