import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { ParsedYaml } from '../../rules/parse/parse-yaml';
import type { SpecPath } from '../../rules/spec';
import { RESPONSE_EXPECTATIONS, type ExpectationSpec, type TestSpec } from './scenario-spec';

export interface ScenarioCheckOptions {
  /** `--allow-empty`: a file without tests is a warning, not an error. */
  allowEmpty?: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The checks of a scenario file that need no rules: tests present, unique names,
 * one form per test, something expected, no contradiction. Runs on whatever the
 * schema let through (malformed parts are skipped: the schema reported them).
 */
export function checkScenario(parsed: ParsedYaml, options: ScenarioCheckOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = (
    code: Parameters<typeof createDiagnostic>[0],
    path: SpecPath,
    message: string,
    key = false,
  ) =>
    out.push(
      createDiagnostic(code, parsed.file, message, {
        range: key ? parsed.locateKey(path) : parsed.locate(path),
      }),
    );
  const root = isRecord(parsed.value) ? parsed.value : {};
  const tests = Array.isArray(root.tests) ? root.tests : undefined;
  if (tests === undefined || tests.length === 0) {
    const message = 'this file has no tests: nothing would be checked';
    out.push(
      createDiagnostic('NO_TESTS', parsed.file, message, {
        range: tests === undefined ? { start: 0, end: 0 } : parsed.locateKey(['tests']),
        ...(options.allowEmpty === true ? { severity: 'warning' as const } : {}),
      }),
    );
    return out;
  }
  const names = new Map<string, number>();
  tests.forEach((test: unknown, index) => {
    if (!isRecord(test)) return;
    const spec = test as Partial<TestSpec>;
    const at: SpecPath = ['tests', index];
    if (typeof spec.name === 'string') {
      const first = names.get(spec.name);
      if (first !== undefined)
        report(
          'DUPLICATE_TEST_NAME',
          [...at, 'name'],
          `the test name '${spec.name}' is used by test ${first + 1} too`,
        );
      else names.set(spec.name, index);
    }
    const single = 'event' in test || 'expect' in test;
    if ('events' in test && single) {
      const key = 'event' in test ? 'event' : 'expect';
      report(
        'MIXED_TEST_FORMS',
        [...at, key],
        `'${key}' belongs to the single-event form, but this test has 'events'`,
        true,
      );
    } else if (!('events' in test) && !('event' in test)) {
      report('MISSING_KEY', at, "this test has neither 'event' (one event) nor 'events' (a call)");
    }
    const expectations = collectExpectations(spec, at);
    if (!expectations.some(([e]) => Object.keys(e).length > 0))
      report(
        'NO_EXPECTATIONS',
        'name' in test ? [...at, 'name'] : at,
        'this test expects nothing: it would pass whatever the rules do',
      );
    for (const [expectation, path] of expectations)
      out.push(...checkContradictions(parsed, expectation, path));
  });
  return out;
}

/** Every `expect` of a test with its path: the test's own, then each event's. */
export function collectExpectations(test: Partial<TestSpec>, at: SpecPath): [ExpectationSpec, SpecPath][] {
  const found: [ExpectationSpec, SpecPath][] = [];
  if (isRecord(test.expect)) found.push([test.expect, [...at, 'expect']]);
  if (Array.isArray(test.events))
    test.events.forEach((event, i) => {
      if (isRecord(event) && isRecord(event.expect))
        found.push([event.expect, [...at, 'events', i, 'expect']]);
    });
  return found;
}

function checkContradictions(parsed: ParsedYaml, e: ExpectationSpec, at: SpecPath): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = (key: string, message: string) =>
    out.push(
      createDiagnostic('CONTRADICTORY_EXPECTATION', parsed.file, message, {
        range: parsed.locateKey([...at, key]),
      }),
    );
  if (e.sent === true)
    for (const key of ['reason', 'entry'] as const)
      if (e[key] !== undefined) report(key, `'${key}' says why an event was not sent, but 'sent' is true`);
  if (e.sent === false || e.reason !== undefined) {
    const why = e.sent === false ? "'sent' is false" : `'reason' says it is not sent`;
    for (const key of RESPONSE_EXPECTATIONS) {
      if (e[key] === undefined) continue;
      if (key === 'fired' && listItems(e.fired).length === 0) continue;
      report(key, `'${key}' is about the webhook's answer, but ${why}: a filtered event reaches no rule`);
    }
  }
  const fired = new Set(listItems(e.fired));
  if (Array.isArray(e.not_fired))
    e.not_fired.forEach((id, i) => {
      if (fired.has(id))
        out.push(
          createDiagnostic(
            'CONTRADICTORY_EXPECTATION',
            parsed.file,
            `'${id}' is expected both to fire and not to fire`,
            {
              range: parsed.locate([...at, 'not_fired', i]),
            },
          ),
        );
    });
  return out;
}

/** The items of a list expectation, whatever its form (`[..]`, `{contains}`, `{exactly}`). */
export function listItems(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value)) {
    const inner = value.contains ?? value.exactly;
    if (Array.isArray(inner)) return inner;
  }
  return [];
}
