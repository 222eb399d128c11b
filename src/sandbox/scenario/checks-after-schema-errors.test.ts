import { checkSandboxScenario } from './load-sandbox-scenario';

/** The semantic checks skip what the schema reports: one problem, one message, never a second garbled one. */
async function messages(text: string) {
  const loaded = await checkSandboxScenario('s.yaml', text, '/nowhere/s.yaml');
  return loaded.diagnostics.map((d) => `${d.code} ${d.message}`);
}

describe('the checks after schema errors', () => {
  it('compares no negative duration', async () => {
    expect(await messages('media:\n  - { id: neg, duration: -1 }\n')).toEqual([
      "INVALID_VALUE 'duration' must be >= 0",
    ]);
  });

  it('compares no infinite or not-a-number times', async () => {
    const found = await messages(
      'media:\n  - { id: big, duration: .inf, net_audio: .nan }\n' +
        '  - { id: w, duration: 3, transcript: { words: [{ text: a, start: .nan, end: 1 }] } }\n',
    );
    expect(found.filter((m) => m.startsWith('SANDBOX_'))).toEqual([]);
    expect(found.length).toBeGreaterThan(0);
  });

  it('does not take null opt_in and opt_out for both', async () => {
    expect(await messages('persons:\n  - { id: a, opt_in: null, opt_out: null }\n')).not.toContainEqual(
      expect.stringContaining('has both opt_in and opt_out'),
    );
  });

  it('names no word without text', async () => {
    const found = await messages(
      'media:\n  - { id: m, duration: 2, transcript: { text: hi, words: [{ start: 1, end: 0.5 }] } }\n',
    );
    expect(found).toEqual([expect.stringMatching(/^MISSING_KEY this word is missing 'text'/)]);
  });

  it('checks no language the schema refuses', async () => {
    const found = await messages(
      'configuration: { language: [en] }\nmedia:\n  - { id: m, duration: 1, language: "" }\n',
    );
    expect(found.filter((m) => m.startsWith('SANDBOX_'))).toEqual([]);
    expect(found.length).toBe(2);
  });
});
