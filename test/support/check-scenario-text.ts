import { checkSandboxScenario } from '../../src/sandbox/scenario/load-sandbox-scenario';

/** A problem of a scenario text as a test compares it: its code, its message, and the text it points at. */
export interface ScenarioProblem {
  code: string;
  message: string;
  at: string | undefined;
}

/** Checks a sandbox scenario given as text (named `s.yaml`): what it loads to, and its problems. */
export async function checkScenarioText(text: string) {
  const loaded = await checkSandboxScenario('s.yaml', text, '/nowhere/s.yaml');
  const problems: ScenarioProblem[] = loaded.diagnostics.map((d) => ({
    code: d.code,
    message: d.message,
    at: d.range && text.slice(d.range.start, d.range.end),
  }));
  return { scenario: loaded.scenario, problems };
}
