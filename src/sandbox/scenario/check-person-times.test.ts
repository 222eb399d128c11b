import { checkScenarioText as check } from '../../../test/support/check-scenario-text';

describe('the timestamps of persons', () => {
  it('reports each one that is not an RFC 3339 date-time, at its place', async () => {
    const { scenario, problems } = await check(
      'persons:\n' +
        '  - { id: P1, opt_out: { at: yesterday, offer_opt_in_at: "2026-13-45T00:00:00Z" } }\n' +
        '  - { id: P2, opt_in: { at: "2026-01-15" }, lock: { locked: true, at: soon } }\n',
    );
    expect(scenario).toBeUndefined();
    const expected = (who: string, field: string, value: string) => ({
      code: 'INVALID_VALUE',
      message: `person '${who}': ${field} "${value}" is not an RFC 3339 date-time, such as 2026-01-15T09:30:00Z`,
      at: value.startsWith('2') ? `"${value}"` : value,
    });
    expect(problems).toEqual([
      expected('P1', 'opt_out.at', 'yesterday'),
      expected('P1', 'opt_out.offer_opt_in_at', '2026-13-45T00:00:00Z'),
      expected('P2', 'opt_in.at', '2026-01-15'),
      expected('P2', 'lock.at', 'soon'),
    ]);
  });

  it('stores them in one form: UTC with milliseconds', async () => {
    const { scenario, problems } = await check(
      'persons:\n  - { id: P, opt_in: { at: "2026-01-15T09:30:00+02:00" }, lock: { locked: true, at: "2026-02-01T00:00:00Z" } }\n',
    );
    expect(problems).toEqual([]);
    expect(scenario!.persons.get('P')).toMatchObject({
      opt_in: { at: '2026-01-15T07:30:00.000Z' },
      lock: { at: '2026-02-01T00:00:00.000Z' },
    });
  });
});
