import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { BUILT_CLI } from '../../../test/support/built-cli';

/** The built compiler (`npx jest` rebuilds dist when stale), for a process started with other flags. */
const DIST = path.dirname(path.dirname(BUILT_CLI));

/** Evaluates a rule whose plan is hot, in a new process started with `flags`: what it printed. */
function evaluateInProcess(flags: readonly string[]): { generated: boolean; fired: string[]; set: unknown } {
  const script = `
    const { RuleBook } = require(${JSON.stringify(`${DIST}/rules/compile/rule-book.js`)});
    const { evaluateEvent } = require(${JSON.stringify(`${DIST}/rules/evaluate/evaluate-event.js`)});
    const { canGenerateCode } = require(${JSON.stringify(`${DIST}/rules/compile/compile-plan-runner.js`)});
    const spec = { ruleset: 'rs', rules: [{ id: 'low', on: 'E', if: { var: 'score', lt: 0.5 }, then: { set: { note: 'score \${score}' } } }] };
    const book = RuleBook.compile([{ file: 'rs.yaml', spec, locate: () => undefined }], undefined, { codeGeneration: 'always' });
    const result = evaluateEvent(book, { 'state.currentEvent': 'E', score: '0.2' });
    console.log(JSON.stringify({ generated: canGenerateCode(), fired: result.fired, set: result.response.session_variable_updates }));
  `;
  return JSON.parse(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' })) as never;
}

describe('attachPlanRunner', () => {
  it('keeps the program loop where code generation from strings is disallowed, with the same result', () => {
    const expected = { fired: ['rs/low'], set: [{ key: 'note', value: 'score 0.2' }] };
    expect(evaluateInProcess([])).toEqual({ generated: true, ...expected });
    expect(evaluateInProcess(['--disallow-code-generation-from-strings'])).toEqual({
      generated: false,
      ...expected,
    });
  });
});
