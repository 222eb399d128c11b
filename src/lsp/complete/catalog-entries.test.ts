import { readCatalogEntries } from './catalog-entries';

const CATALOG = `events:
  - CALL_STARTED      # first event of every call
  - CALL_ENDED
nodes: [Verify]
variables:
  - verify.score      # 0 to 1
  - "custom.*"        # custom data
actions:
  NotifyAgent:
    description: Show a message.
    parameters:
      severity: { description: how loud }
      message: { required: true, description: the text }
  Bare:
`;

describe('readCatalogEntries', () => {
  const entries = readCatalogEntries(CATALOG);

  it('describes list names by their comment on the same line', () => {
    expect(entries.events).toEqual([
      { name: 'CALL_STARTED', description: 'first event of every call' },
      { name: 'CALL_ENDED' },
    ]);
    expect(entries.variables).toEqual([
      { name: 'verify.score', description: '0 to 1' },
      { name: 'custom.*', description: 'custom data' },
    ]);
    expect(entries.nodes).toEqual([{ name: 'Verify' }]);
  });

  it('lists actions with their parameters, required ones first', () => {
    expect(entries.actions).toEqual([
      {
        name: 'NotifyAgent',
        description: 'Show a message.',
        parameters: [
          { name: 'message', required: true, description: 'the text' },
          { name: 'severity', required: false, description: 'how loud' },
        ],
      },
      { name: 'Bare', parameters: [] },
    ]);
  });

  it('reads what it can of a catalog with mistakes, and nothing of one that is not a mapping', () => {
    expect(readCatalogEntries('- a\n- b\n')).toEqual({ events: [], nodes: [], variables: [], actions: [] });
    expect(readCatalogEntries('events: [A]\nvariables: 3\n').events).toEqual([{ name: 'A' }]);
  });
});

describe('readCatalogEntries, variables declared with their values', () => {
  const entries = readCatalogEntries(`variables:
  verify.decision:
    description: The verdict.
    values:
      MATCH: The voice is the claimed customer.
      MISMATCH:
  verify.score: { kind: number }   # 0 to 1
  person.optIn: { kind: yes-no }
  risk.level: { values: [LOW, HIGH] }
  person.id: { pattern: "^[0-9]+$" }
  "custom.*":          # custom data
`);

  it('reads kinds, values with their descriptions, and descriptions from the key or its comment', () => {
    expect(entries.variables).toEqual([
      {
        name: 'verify.decision',
        description: 'The verdict.',
        kind: 'text',
        values: [{ name: 'MATCH', description: 'The voice is the claimed customer.' }, { name: 'MISMATCH' }],
      },
      { name: 'verify.score', description: '0 to 1', kind: 'number' },
      { name: 'person.optIn', kind: 'yes-no', values: [{ name: 'true' }, { name: 'false' }] },
      { name: 'risk.level', kind: 'text', values: [{ name: 'LOW' }, { name: 'HIGH' }] },
      { name: 'person.id', kind: 'text' },
      { name: 'custom.*', description: 'custom data' },
    ]);
  });
});
