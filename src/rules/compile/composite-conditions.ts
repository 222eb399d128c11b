import type { CompiledCondition } from './compiled-condition';
import type { ConditionTrace } from './condition-trace';
import type { EventView } from './event-view';

/** The conditions made of others: `all`, `any`, `not` and `ref`. */

export class AllCondition implements CompiledCondition {
  constructor(private readonly children: readonly CompiledCondition[]) {}
  test(view: EventView): boolean {
    view.budget.tick();
    for (const child of this.children) if (!child.test(view)) return false;
    return true;
  }
  explain(view: EventView): ConditionTrace {
    const children = this.children.map((c) => c.explain(view));
    return { kind: 'all', result: children.every((t) => t.result), children };
  }
}

export class AnyCondition implements CompiledCondition {
  constructor(private readonly children: readonly CompiledCondition[]) {}
  test(view: EventView): boolean {
    view.budget.tick();
    for (const child of this.children) if (child.test(view)) return true;
    return false;
  }
  explain(view: EventView): ConditionTrace {
    const children = this.children.map((c) => c.explain(view));
    return { kind: 'any', result: children.some((t) => t.result), children };
  }
}

export class NotCondition implements CompiledCondition {
  constructor(private readonly inner: CompiledCondition) {}
  test(view: EventView): boolean {
    view.budget.tick();
    return !this.inner.test(view);
  }
  explain(view: EventView): ConditionTrace {
    const child = this.inner.explain(view);
    return { kind: 'not', result: !child.result, child };
  }
}

export class RefCondition implements CompiledCondition {
  constructor(
    private readonly name: string,
    private readonly target: CompiledCondition,
  ) {}
  test(view: EventView): boolean {
    view.budget.tick();
    return this.target.test(view);
  }
  explain(view: EventView): ConditionTrace {
    const child = this.target.explain(view);
    return { kind: 'ref', name: this.name, result: child.result, child };
  }
}
