/**
 * The layers of src/, lowest first, and what each may import: nothing may
 * point up or sideways beyond these lists, so folders cannot form cycles.
 * docs/architecture.md draws the same order; `npm run lint` enforces it.
 * Tests (*.test.ts) are left out: a unit test may use higher layers as fixtures.
 */
const LAYERS = {
  'package-root': [],
  terminal: [],
  filter: [],
  glob: [],
  files: [],
  contract: ['package-root', 'terminal'],
  diagnostics: ['terminal'],
  observability: ['terminal'],
  rules: ['contract', 'diagnostics', 'files', 'filter', 'glob', 'package-root', 'terminal'],
  session: ['contract', 'filter', 'observability'],
  processor: ['contract', 'filter', 'observability', 'rules', 'session'],
  simulation: ['contract', 'filter', 'processor', 'rules', 'session'],
  recording: ['contract', 'glob', 'observability', 'terminal'],
  hosts: ['contract', 'files', 'observability', 'processor', 'terminal'],
  testing: ['contract', 'diagnostics', 'filter', 'rules', 'simulation', 'terminal', 'package-root'],
  replay: ['contract', 'diagnostics', 'filter', 'processor', 'rules', 'simulation', 'terminal'],
  // replay, testing: a suggested filter is proven on the recordings replay reads and the pack's own tests.
  suggest: [
    'contract',
    'diagnostics',
    'filter',
    'processor',
    'replay',
    'rules',
    'simulation',
    'terminal',
    'testing',
  ],
  server: [
    'contract',
    'diagnostics',
    'hosts',
    'observability',
    'package-root',
    'processor',
    'recording',
    'rules',
    'session',
    'terminal',
  ],
  // simulation: the sandbox's sessions raise their events through the engine model of `rulehook test` and
  // `replay` (one implementation of filters, deltas and updates); the webhook clients are the CLI's to build.
  sandbox: [
    'contract',
    'diagnostics',
    'hosts',
    'observability',
    'package-root',
    'rules',
    'simulation',
    'terminal',
  ],
  // testing, sandbox: scenario files are checked by the same loaders as `rulehook test` and `sandbox`.
  lsp: ['diagnostics', 'rules', 'sandbox', 'testing'],
  // lsp, testing, simulation, replay: the console's endpoints run the code of `validate`, the language
  // server, `test` and `replay`, so the page shows what the commands say.
  console: [
    'contract',
    'diagnostics',
    'filter',
    'hosts',
    'lsp',
    'observability',
    'package-root',
    'processor',
    'replay',
    'rules',
    'sandbox',
    'simulation',
    'terminal',
    'testing',
  ],
  cli: ['*'],
};

/** The stages of src/rules/, in the order text flows through them (top-level files: shared definitions). */
const RULE_STAGES = {
  parse: [],
  schema: ['parse'],
  catalog: ['parse', 'schema'],
  check: ['parse', 'schema', 'catalog'],
  load: ['parse', 'schema', 'catalog', 'check'],
  compile: [],
  evaluate: ['compile'],
  book: ['load', 'compile'],
};

/** The stages of src/replay/, in the order events flow through them (top-level files: shared helpers). */
const REPLAY_STAGES = {
  input: [],
  lanes: [],
  stats: ['lanes'],
  report: ['lanes', 'stats'],
  /** `--workers`: the reader and its worker threads, which replay as the in-thread run does. */
  parallel: ['input', 'lanes', 'stats', 'report'],
  run: ['input', 'lanes', 'stats', 'report', 'parallel'],
};

/** The stages of src/lsp/: the workspace's packs, then each feature, then the server that wires them. */
const LSP_STAGES = {
  workspace: ['complete'],
  complete: [],
  diagnostics: [],
  hover: ['complete'],
  definition: ['complete'],
  actions: ['complete', 'diagnostics'],
  server: ['workspace', 'complete', 'diagnostics', 'hover', 'definition', 'actions'],
};

/** The stages of src/console/: the endpoints, the host that routes to them, the page (bundled apart). */
const CONSOLE_STAGES = {
  api: [],
  host: ['api'],
  ui: [],
};

/** The stages of src/sandbox/: a scenario, the wire (Status, proto3 JSON), the services, their hosts. */
const SANDBOX_STAGES = {
  scenario: [],
  wire: [],
  audio: ['scenario', 'wire'],
  flow: ['scenario', 'wire'],
  ivr: ['scenario', 'wire', 'flow'],
  hosts: ['scenario', 'wire', 'audio', 'flow', 'ivr'],
  script: ['scenario', 'wire', 'flow', 'ivr'],
};

const folder = (name) => (name === 'package-root' ? 'src/package-root\\.ts$' : `src/${name}/`);
const PRODUCTION = { path: '^src/', pathNot: '\\.test\\.ts$' };

const layerRules = Object.entries(LAYERS)
  .filter(([, allowed]) => !allowed.includes('*'))
  .map(([name, allowed]) => ({
    name: `layer-${name}`,
    comment: `src/${name} may import only: ${allowed.join(', ') || 'nothing else of rulehook'}`,
    severity: 'error',
    from: { ...PRODUCTION, path: `^${folder(name)}` },
    to: {
      path: '^src/',
      pathNot: [`^${folder(name)}`, ...allowed.map((a) => `^${folder(a)}`)],
    },
  }));

const stageRules = (layer, stages) =>
  Object.entries(stages).map(([name, allowed]) => ({
    name: `${layer}-stage-${name}`,
    comment: `src/${layer}/${name} may import only the shared files of src/${layer} and: ${allowed.join(', ') || 'no other stage'}`,
    severity: 'error',
    from: { ...PRODUCTION, path: `^src/${layer}/${name}/` },
    to: {
      path: `^src/${layer}/[^/]+/`,
      pathNot: [`^src/${layer}/${name}/`, ...allowed.map((a) => `^src/${layer}/${a}/`)],
    },
  }));

module.exports = {
  forbidden: [
    ...layerRules,
    ...stageRules('rules', RULE_STAGES),
    ...stageRules('replay', REPLAY_STAGES),
    ...stageRules('sandbox', SANDBOX_STAGES),
    ...stageRules('lsp', LSP_STAGES),
    ...stageRules('console', CONSOLE_STAGES),
    {
      name: 'rules-shared-files',
      comment: 'the shared files of src/rules (spec, operators, template) import no stage',
      severity: 'error',
      from: { ...PRODUCTION, path: '^src/rules/[^/]+\\.ts$' },
      to: { path: '^src/rules/[^/]+/' },
    },
    {
      name: 'replay-shared-files',
      comment: 'the shared files of src/replay (rule loading, forgotten sessions) import no stage',
      severity: 'error',
      from: { path: '^src/replay/[^/]+\\.ts$', pathNot: [PRODUCTION.pathNot, '^src/replay/index\\.ts$'] },
      to: { path: '^src/replay/[^/]+/' },
    },
    {
      name: 'filter-dependency-free',
      comment: 'the filter engine is a pure library others may use: it imports nothing but its own files',
      severity: 'error',
      from: { ...PRODUCTION, path: '^src/filter/' },
      to: { pathNot: '^src/filter/' },
    },
    {
      name: 'console-ui-browser-only',
      comment:
        'src/console/ui is the page, bundled for the browser: of src/ it imports only its own files (no Node code)',
      severity: 'error',
      from: { path: '^src/console/ui/' },
      to: { path: '^src/', pathNot: '^src/console/ui/' },
    },
    {
      name: 'console-ui-not-imported',
      comment: 'the page is served as files (dist/console), never imported by the server side',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/console/ui/' },
      to: { path: '^src/console/ui/' },
    },
    {
      name: 'no-circular',
      comment: 'no module may import itself through others',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'import-files-not-indexes',
      comment:
        'inside src/, a module imports the file that defines what it uses; index.ts files only re-export, for code outside src/',
      severity: 'error',
      from: { path: '^src/', pathNot: [PRODUCTION.pathNot, '(^|/)index\\.ts$'] },
      to: { path: '^src/.+/index\\.ts$' },
    },
    {
      name: 'no-index-cycles-through-root',
      comment: 'only the public entry point imports src/index.ts',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/index\\.ts$' },
      to: { path: '^src/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|\\.bench-out)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
