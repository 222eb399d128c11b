import type { EngineSimulatorOptions } from '../../simulation/engine-simulator';
import type { CallSessions } from '../flow/call-sessions';
import type { SandboxWebhookTarget } from '../flow/sandbox-webhook';
import { driveClock, VirtualClock } from '../flow/virtual-clock';
import type { SandboxScenario } from '../scenario/sandbox-scenario';
import { createSandboxWorld, type SandboxWorld } from './sandbox-world';
import type { ServedMethod } from './sandbox-services';
import { loadSandboxBindings } from './service-bindings';

export interface SandboxStateOptions {
  /** A clock its owner steps (tests); default: one the sandbox drives at `speed` from `startTime`. */
  clock?: VirtualClock;
  /** Simulated seconds per real second when the sandbox drives its own clock; default 1. */
  speed?: number;
  /** ms since the epoch where the sandbox's own clock starts, and where a reset puts it; default: now. */
  startTime?: number;
  webhook?: SandboxWebhookTarget;
  engine?: EngineSimulatorOptions['model'];
}

/** What `POST /v1/sandbox/reset` reports: what there was before, and the clock after. */
export interface ResetReport {
  sessions: number;
  live_sessions: number;
  recordings: number;
  /** The persons the person store holds again: the scenario's. */
  persons: number;
  /** The sandbox's clock after the reset (RFC 3339, UTC). */
  clock: string;
}

/**
 * The sandbox's state and its clock, behind methods that stay the same for the life of the hosts: each
 * request is answered by the world current when it arrives. `reset` swaps in a new world synchronously,
 * between two steps of the event loop, so no request sees half of one and half of the other.
 */
export class SandboxState {
  private clock: VirtualClock;
  private stopClock: () => void;
  private world: SandboxWorld;

  constructor(
    private readonly scenario: SandboxScenario,
    private readonly options: SandboxStateOptions,
  ) {
    this.clock = options.clock ?? new VirtualClock(options.startTime ?? Date.now());
    this.stopClock = this.drive();
    this.world = this.createWorld();
  }

  get sessions(): CallSessions {
    return this.world.sessions;
  }

  /** Every method of both services, answered by the current world. */
  listServedMethods(): ServedMethod[] {
    return loadSandboxBindings().map((binding) => ({
      binding,
      answer: (request) => this.world.answer(binding.path, request),
    }));
  }

  /**
   * Back to how the process started: every session ended and forgotten (their flows stop, no more webhook
   * calls for them), the person store at the scenario's seed, no recordings, the liveness prompts from the
   * first. The sandbox's own clock goes back to `startTime` when one was given, else keeps its time; a
   * clock its owner steps is left to its owner.
   */
  reset(): ResetReport {
    const retired = this.world.retire();
    if (this.options.clock === undefined) {
      this.stopClock();
      this.clock = new VirtualClock(this.options.startTime ?? this.clock.now());
      this.stopClock = this.drive();
    }
    this.world = this.createWorld();
    return {
      sessions: retired.sessions,
      live_sessions: retired.liveSessions,
      recordings: retired.recordings,
      persons: this.scenario.persons.size,
      clock: new Date(this.clock.now()).toISOString(),
    };
  }

  /** Stops driving the clock (the sandbox is closing). */
  stop(): void {
    this.stopClock();
  }

  private drive(): () => void {
    if (this.options.clock !== undefined) return () => undefined;
    return driveClock(this.clock, this.options.speed ?? 1);
  }

  private createWorld(): SandboxWorld {
    const { webhook, engine } = this.options;
    return createSandboxWorld(this.scenario, {
      clock: this.clock,
      ...(webhook === undefined ? {} : { webhook }),
      ...(engine === undefined ? {} : { engine }),
    });
  }
}
