import { createEmptyResponse, type SessionVariables } from '../../contract/types';
import type { SimulatedWebhook, WebhookAnswer } from '../../simulation/webhook';
import { LatencyHistogram } from './latency-histogram';
import { parseFiredHeader, type TargetClient } from './target-client';

/** Distinct error messages counted at most (memory bound); later ones are counted as "other errors". */
const MAX_ERROR_KINDS = 50;

/** What a live target did, for the summary. */
export interface TargetReport {
  url: string;
  /** Whether the target says which rules fired (rulehook serve). */
  reportsFired: boolean;
  requests: number;
  /** Answers of a target that reports fired rules but sent no `rulehook-fired` (not started with --expose-fired). */
  firedHidden: number;
  failures: number;
  latency: LatencyHistogram;
  /** Error messages and how often each occurred (the most frequent first when printed). */
  errors: ReadonlyMap<string, number>;
}

export interface TargetWebhookOptions {
  url: string;
  /** Calls in flight at most. */
  concurrency: number;
  /** Whether the target reports fired rules (an absent header then means none fired). */
  reportsFired: boolean;
}

/**
 * A live webhook as the simulated engine's webhook: each call goes over the
 * wire; latency and errors are measured. A failed call is answered with an
 * empty response, so the engine applies nothing, and its error is kept for
 * the replay to report (`takeError`).
 */
export class TargetWebhook implements SimulatedWebhook {
  readonly latency = new LatencyHistogram();
  private readonly errorCounts = new Map<string, number>();
  private readonly lastErrors = new Map<string, string>();
  private readonly hidingSessions = new Set<string>();
  private requests = 0;
  private firedHidden = 0;
  private failures = 0;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly client: TargetClient,
    private readonly options: TargetWebhookOptions,
  ) {}

  async call(sessionId: string | undefined, variables: SessionVariables): Promise<WebhookAnswer> {
    await this.acquire();
    const started = performance.now();
    this.requests++;
    try {
      const reply = await this.client.send(variables);
      this.latency.record(performance.now() - started);
      if (this.options.reportsFired && reply.firedHeader === undefined) {
        this.firedHidden++;
        this.hidingSessions.add(sessionId ?? '');
      }
      return {
        response: reply.response,
        fired: parseFiredHeader(reply.firedHeader, this.options.reportsFired),
      };
    } catch (error) {
      const message = (error as Error).message;
      this.failures++;
      const kind =
        this.errorCounts.has(message) || this.errorCounts.size < MAX_ERROR_KINDS ? message : 'other errors';
      this.errorCounts.set(kind, (this.errorCounts.get(kind) ?? 0) + 1);
      this.lastErrors.set(sessionId ?? '', message);
      return { response: createEmptyResponse(), fired: null };
    } finally {
      this.release();
    }
  }

  /** The error of this session's last call, if it failed; cleared. Sessions call one at a time. */
  takeError(session: string): string | undefined {
    const error = this.lastErrors.get(session);
    if (error !== undefined) this.lastErrors.delete(session);
    return error;
  }

  /** Whether this session's last answer came without `rulehook-fired` from a target that reports it; cleared. */
  takeFiredHidden(session: string): boolean {
    return this.hidingSessions.delete(session);
  }

  report(): TargetReport {
    return {
      url: this.options.url,
      reportsFired: this.options.reportsFired,
      requests: this.requests,
      firedHidden: this.firedHidden,
      failures: this.failures,
      latency: this.latency,
      errors: this.errorCounts,
    };
  }

  private acquire(): Promise<void> {
    if (this.inFlight < this.options.concurrency) {
      this.inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.inFlight--;
    else next();
  }
}
