import { DEFAULT_EVENT_LIMITS } from '../../../contract';
import {
  DEFAULT_CLIENT_SHARE_PERCENT,
  DEFAULT_GRPC_LIMITS,
  DEFAULT_HTTP_LIMITS,
  DEFAULT_MAX_INFLIGHT_EVENTS,
} from '../../../hosts';
import { DEFAULT_MAX_SESSIONS } from '../../../session';
import { createMemoryIO } from '../../../../test/support/memory-io';
import { DEFAULT_MASKS } from './options/log-options';
import { DEFAULT_RULES_DIR } from '../../package-info';
import { parseServeOptions, SERVE_USAGE } from './serve-options';

describe('SERVE_USAGE', () => {
  it('renders the options from their definitions, exactly as written here', () => {
    expect(SERVE_USAGE).toBe(`Usage: rulehook serve [options]

Serve the webhook over HTTP (POST /v1/events) and gRPC (vendor.biosec.v1.CustomBusinessLogic/OnEvent).

Options:
  --config FILE              read settings from FILE (YAML); the RULEHOOK_* variables
                             and the flags win over it (default: $RULEHOOK_CONFIG, else none)
  --rules PATH               rule file or directory (default: the shipped rules/)
  --catalog FILE             catalog to check names against (default: catalog.yaml of the rules directory)
  --no-watch                 reload the rules on SIGHUP and POST /admin/reload only, not when files change
  --host HOST                address to bind (default: 127.0.0.1)
  --http-port PORT           HTTP port, 0 for any free port (default: 8080)
  --grpc-port PORT           gRPC port, 0 for any free port (default: 50051)
  --no-http                  do not serve HTTP
  --no-grpc                  do not serve gRPC
  --max-message-bytes N      largest accepted event, both hosts (default: 1048576)
  --max-variables N          most session variables in one event (default: 10000)
  --max-key-bytes N          longest session variable name, in bytes (default: 1024)
  --max-value-bytes N        longest session variable value, in bytes (default: 262144)
  --max-inflight-events N    events being received or processed at once, both hosts together;
                             more get HTTP 429, gRPC RESOURCE_EXHAUSTED (default: 1000)
  --max-inflight-bytes N     HTTP: body bytes of the events in flight; more get 429 (default: 67108864)
  --client-share PERCENT     most of --max-inflight-events and of --max-connections one remote
                             address may hold, in percent; 100: no share (default: 50)
  --max-connections N        open connections per host; more are closed at once (default: 4096)
  --idle-timeout MS          close a connection idle this long (HTTP keep-alive, gRPC) (default: 30000)
  --headers-timeout MS       HTTP: time for the request headers to arrive (408) (default: 5000)
  --request-timeout MS       time for a whole request to arrive
                             (HTTP 408, gRPC DEADLINE_EXCEEDED) (default: 10000)
  --max-header-bytes N       largest request headers: HTTP 431, gRPC metadata RESOURCE_EXHAUSTED (default: 16384)
  --max-streams N            gRPC: calls at once on one connection (default: 500)
  --grpc-conn-memory MIB     gRPC: memory per connection before new calls on it are refused (default: 10)
  --shutdown-timeout MS      on SIGTERM/SIGINT, how long in-flight requests may take (default: 10000)
  --drain-seconds SECONDS    on SIGTERM, keep answering events this long while not ready
                             (/readyz 503, gRPC health NOT_SERVING), then stop (default: 5)
  --log-level LEVEL          debug, info, warn or error (default: info)
  --state STORE              fallback store of session state: memory, none (carried state only), or redis://host:port/db (default: memory)
  --session-key KEY          variable that identifies a session (default: state.sessionId)
  --session-ttl SECONDS      forget a session idle this long (default: 3600)
  --max-sessions N           memory store: most sessions kept, least recently used evicted (default: 100000)
  --max-state-bytes N        memory store: most bytes of session state kept, least recently used evicted (default: 268435456, 256 MiB)
  --state-timeout MS         redis store: longest wait for the store before answering an event from what it carries (default: 50)
  --state-secret KEY         key of the fingerprints of \`changed\` and of the state seal, the same in every process (default: $RULEHOOK_STATE_SECRET, else none)
  --eval-budget MS           longest the rules may take on one event; beyond it the fail policy answers (default: 50)
  --fail-policy POLICY       open or closed: what an event whose evaluation fails or runs past
                             its budget gets: result_code 200 and no instruction, or result_code 500 (default: open)
  --engine-own-updates HOW   applied or changes: whether the engine counts the webhook's own
                             variable updates as changes of the next event (its delta, and \`changed\`) (default: applied)
  --workers N                processes serving one port (node:cluster); more than 1 needs --state none or redis://
  --record FILE              append every event received to FILE, a recording for rulehook replay
  --redact GLOB              with --record: replace the values of matching variables (names in any case)
                             by a keyed hash (repeatable: --redact call.ani --redact 'person.*')
  --redact-key KEY           key of that hash (default: $RULEHOOK_REDACT_KEY, else random for this process)
  --record-max-bytes N       rotate the recording beyond N bytes: FILE.1, FILE.2, ... (default: never)
  --auth-tokens-file PATH    require Authorization: Bearer <token> (gRPC: metadata authorization),
                             one token per line (default: no token asked)
  --auth-probes              with --auth-tokens-file: /healthz, /readyz, gRPC health need a token too
  --auth-metrics             with --auth-tokens-file: /metrics needs a token (the default; changes nothing)
  --metrics-open             with --auth-tokens-file: /metrics needs no token (it names the rules that fire)
  --tls-cert FILE            serve HTTPS and gRPC over TLS with this PEM certificate
  --tls-key FILE             the PEM private key of --tls-cert
  --tls-client-ca FILE       mutual TLS: require client certificates signed by this PEM CA
  --expose-fired             name the rules that fired in the rulehook-fired header/trailer
  --mask GLOB                in logs and the decision log, replace the values of matching variables by a
                             keyed hash, names in any case (repeatable; replaces the defaults: caller and
                             dialed numbers, SIP addresses, phones, emails, addresses, ids and names of
                             people, transcripts)
  --no-mask                  mask nothing (not even the defaults)
  --decision-log FILE        append a line per event answered to FILE (its variables, fired rules, response):
                             a recording for rulehook replay
  --decision-log-max-bytes N  rotate the decision log beyond N bytes: FILE.1, FILE.2, ... (default: never)
  --console                  serve the web console, read-only, at /console/ on the HTTP port,
                             with live decisions (behind --auth-tokens-file as /admin is)
  -h, --help                 show this help
`);
  });

  it('shows the session limit from its constant', () => {
    expect(SERVE_USAGE).toContain(`evicted (default: ${DEFAULT_MAX_SESSIONS})\n`);
  });
});

describe('parseServeOptions', () => {
  const io = createMemoryIO({ cwd: '/srv', env: { RULEHOOK_REDACT_KEY: 'from-env' } });

  it('has a default for every option', () => {
    expect(parseServeOptions([], io)).toEqual({
      ok: true,
      options: {
        rules: DEFAULT_RULES_DIR,
        console: false,
        catalog: undefined,
        watch: true,
        drainSeconds: 5,
        host: '127.0.0.1',
        httpPort: 8080,
        grpcPort: 50051,
        maxMessageBytes: 1_048_576,
        ownUpdates: 'applied',
        limits: {
          event: DEFAULT_EVENT_LIMITS,
          maxInflightEvents: DEFAULT_MAX_INFLIGHT_EVENTS,
          clientSharePercent: DEFAULT_CLIENT_SHARE_PERCENT,
          http: DEFAULT_HTTP_LIMITS,
          grpc: DEFAULT_GRPC_LIMITS,
        },
        shutdownTimeoutMs: 10_000,
        logLevel: 'info',
        store: {
          state: 'memory',
          ttlMs: 3_600_000,
          maxSessions: DEFAULT_MAX_SESSIONS,
          maxBytes: 256 * 1024 * 1024,
          timeoutMs: 50,
        },
        stateSecret: undefined,
        evaluationBudgetMs: 50,
        failPolicy: 'open',
        sessionKey: 'state.sessionId',
        security: {
          tokensFile: undefined,
          protectProbes: false,
          protectMetrics: false,
          tls: undefined,
          exposeFired: false,
        },
        workers: 1,
        record: undefined,
        workerEnv: {},
        logs: { masks: DEFAULT_MASKS, maskKey: 'from-env', decisionLog: undefined },
      },
    });
  });

  it('reads the state secret from the flag, else from the environment, and refuses an empty one', () => {
    const env = createMemoryIO({ env: { RULEHOOK_STATE_SECRET: 's-env' } });
    expect(parseServeOptions([], env)).toMatchObject({ ok: true, options: { stateSecret: 's-env' } });
    expect(parseServeOptions(['--state-secret', 's-flag'], env)).toMatchObject({
      ok: true,
      options: { stateSecret: 's-flag' },
    });
    expect(parseServeOptions(['--state-secret', ''], env)).toEqual({
      ok: false,
      message: '--state-secret must not be empty',
    });
    expect(parseServeOptions(['--fail-policy', 'maybe'], env)).toMatchObject({ ok: false });
  });

  it('runs several workers with no store (--state none) or a shared one, never with the memory store', () => {
    expect(parseServeOptions(['--workers', '2', '--state', 'none'], io)).toMatchObject({
      ok: true,
      options: { workers: 2, store: { state: 'none' } },
    });
    expect(parseServeOptions(['--workers', '3', '--state', 'redis://h:6379/0'], io)).toMatchObject({
      ok: true,
      options: { workers: 3, store: { state: 'redis://h:6379/0' } },
    });
    expect(parseServeOptions(['--state', 'none'], io)).toMatchObject({ ok: true, options: { workers: 1 } });
    expect(parseServeOptions(['--workers', '2', '--state', 'memory'], io)).toEqual({
      ok: false,
      message:
        "--workers 2 cannot use the memory store, which belongs to one process: add --state none when the engine sends the webhook's variables back with every event (the session state travels in them), or --state redis://host:port/db for a store the processes share",
    });
    expect(parseServeOptions(['--state', 'None'], io)).toEqual({
      ok: false,
      message: '--state expects "memory", "none" or a redis://host:port/db URL, got "None"',
    });
  });

  it('resolves paths against the working directory and reads the redaction key from the environment', () => {
    const parsed = parseServeOptions(
      ['--rules', 'r', '--catalog', 'c.yaml', '--no-grpc', '--record', 'x.jsonl', '--redact', 'a.*'],
      io,
    );
    expect(parsed).toMatchObject({
      ok: true,
      options: {
        rules: '/srv/r',
        catalog: '/srv/c.yaml',
        httpPort: 8080,
        grpcPort: undefined,
        record: { file: '/srv/x.jsonl', redact: ['a.*'], redactKey: 'from-env', maxBytes: undefined },
      },
    });
  });

  it.each([
    [
      ['--workers', '2'],
      '--workers 2 cannot use the memory store, which belongs to one process: add --state none',
    ],
    [['--state', 'redis:x'], '--state expects "memory", "none" or a redis://host:port/db URL, got "redis:x"'],
    [['--record-max-bytes', '10'], '--record-max-bytes needs --record FILE'],
    [['--record', 'x', '--redact', 'a', '--redact-key', ''], '--redact-key must not be empty'],
    [['extra'], "Unexpected argument 'extra'"],
    [
      ['--headers-timeout', '20000'],
      '--headers-timeout (20000 ms) must not be longer than --request-timeout (10000 ms)',
    ],
    [['--max-variables', '0'], '--max-variables expects a positive whole number, got "0"'],
  ])('refuses %j', (args, message) => {
    expect(parseServeOptions(args, io)).toEqual({ ok: false, message: expect.stringContaining(message) });
  });

  it.each([
    [['--redact', 'x', '--help']],
    [['--record', 'x', '--workers', '3', '--help']],
    [['--workers', '2', '-h']],
    [['--no-http', '--no-grpc', '--help']],
    [['--http-port', 'eighty', '--help']],
  ])('answers the help for %j, whatever the values and their combination', (args) => {
    expect(parseServeOptions(args, io)).toEqual({ ok: false, help: true });
  });
});
