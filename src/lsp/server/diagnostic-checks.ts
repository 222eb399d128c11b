import type { Connection } from 'vscode-languageserver';
import { isInside } from '../workspace/find-pack-root';
import type { FileDiagnostics, LanguageWorkspace } from '../workspace/language-workspace';
import type { RulePack } from '../workspace/rule-pack';
import { CheckQueue } from './check-queue';
import { DiagnosticsPublisher } from './diagnostics-publisher';

/**
 * Decides what to re-check when a file changes, and publishes the results. A
 * rule file or catalog re-checks its pack (every file of it is published: a
 * catalog edit changes the warnings of every rule file); a scenario file is
 * checked alone, against the rules it names, and again when those rules change.
 */
export class DiagnosticChecks {
  private readonly queue: CheckQueue;
  private readonly publisher: DiagnosticsPublisher;
  /** Open scenario files, by the pack of the rules they test. */
  private readonly scenarios = new Map<string, RulePack | undefined>();
  /** Open sandbox scenarios: checked alone, cleared when closed. */
  private readonly sandboxes = new Set<string>();

  constructor(
    connection: Connection,
    private readonly workspace: LanguageWorkspace,
  ) {
    this.queue = new CheckQueue((error) => connection.console.error(`rulehook: ${String(error)}`));
    this.publisher = new DiagnosticsPublisher(connection);
  }

  requestFor(absolute: string): void {
    const text = this.workspace.open.get(absolute) ?? '';
    const kind = this.workspace.kindOf(absolute, text);
    if (kind === 'rules' || kind === 'catalog') this.requestPack(this.workspace.packOf(absolute));
    else if (kind === 'scenario') this.requestScenario(absolute);
    else if (kind === 'sandbox') this.requestSandbox(absolute);
  }

  closed(absolute: string): void {
    if (this.scenarios.has(absolute) || this.sandboxes.delete(absolute)) {
      this.scenarios.delete(absolute);
      void this.publisher.clear(`scenario:${absolute}`);
      return;
    }
    // The saved text replaces the edited one: the pack is checked again from disk.
    for (const pack of this.workspace.allPacks()) if (covers(pack, absolute)) this.requestPack(pack);
  }

  /** Files created, changed or deleted on disk: the packs that read them list and read them again. */
  filesChanged(files: readonly string[]): void {
    for (const pack of this.workspace.allPacks()) {
      if (!files.some((file) => covers(pack, file))) continue;
      pack.forgetDisk();
      this.requestPack(pack);
    }
  }

  async settle(): Promise<void> {
    await this.queue.settle();
  }

  private requestPack(pack: RulePack): void {
    const group = `pack:${JSON.stringify(pack.source)}`;
    this.queue.request(group, async () => {
      const files = await this.workspace.checkPack(pack);
      await this.publisher.publish(group, files, (file) => locateIn(files, pack.absoluteOf(file)));
      for (const [scenario, tested] of this.scenarios) if (tested === pack) this.requestScenario(scenario);
    });
  }

  private requestScenario(absolute: string): void {
    const group = `scenario:${absolute}`;
    this.queue.request(group, async () => {
      const text = this.workspace.open.get(absolute);
      if (text === undefined) return;
      const check = await this.workspace.checkScenario(absolute, text);
      this.scenarios.set(absolute, check.pack);
      const files = new Map<string, FileDiagnostics>([[absolute, { text, diagnostics: check.diagnostics }]]);
      await this.publisher.publish(group, files, (file) =>
        check.pack ? locateIn(files, check.pack.absoluteOf(file)) : undefined,
      );
    });
  }

  private requestSandbox(absolute: string): void {
    this.sandboxes.add(absolute);
    const group = `scenario:${absolute}`;
    this.queue.request(group, async () => {
      const text = this.workspace.open.get(absolute);
      if (text === undefined) return;
      const diagnostics = await this.workspace.checkSandbox(absolute, text);
      await this.publisher.publish(group, new Map([[absolute, { text, diagnostics }]]), () => undefined);
    });
  }
}

/** Whether a pack reads `absolute`: it lies under one of the pack's paths, or is its catalog. */
function covers(pack: RulePack, absolute: string): boolean {
  const { paths, catalog } = pack.source;
  return [...paths, ...(catalog === undefined ? [] : [catalog])].some((p) =>
    isInside(absolute, pack.absoluteOf(p)),
  );
}

function locateIn(files: ReadonlyMap<string, FileDiagnostics>, absolute: string) {
  const found = files.get(absolute);
  return found && { absolute, text: found.text };
}
