import type { Connection } from 'vscode-languageserver';
import { isInside } from '../workspace/find-pack-root';
import type { FileDiagnostics, LanguageWorkspace } from '../workspace/language-workspace';
import type { RulePack } from '../workspace/rule-pack';
import { CheckQueue } from './check-queue';
import { DiagnosticsPublisher } from './diagnostics-publisher';

/**
 * Decides what to re-check when a file changes, and publishes the results. A
 * rule file or catalog re-checks its pack, and every file whose own pack it is
 * is published (a catalog edit changes the warnings of every rule file); a
 * scenario file is checked alone, against the rules it names, and again when
 * those rules change. A file is published only by its own pack: the pack of a
 * scenario (which may name its own catalog) or an enclosing pack never
 * overwrites what `validate` says of the file's own pack.
 */
export class DiagnosticChecks {
  private readonly queue: CheckQueue;
  private readonly publisher: DiagnosticsPublisher;
  /** Open scenario and sandbox files, each with the pack of the rules it tests (sandbox: none). */
  private readonly alone = new Map<string, RulePack | undefined>();

  constructor(
    connection: Connection,
    private readonly workspace: LanguageWorkspace,
  ) {
    this.queue = new CheckQueue((error) => connection.console.error(`rulehook: ${String(error)}`));
    this.publisher = new DiagnosticsPublisher(connection);
  }

  opened(absolute: string): void {
    this.publisher.forget(absolute);
    this.requestFor(absolute);
  }

  requestFor(absolute: string): void {
    const text = this.workspace.open.get(absolute) ?? '';
    const kind = this.workspace.kindOf(absolute, text);
    if (kind === 'rules' || kind === 'catalog') this.requestPack(this.workspace.packOf(absolute));
    else if (kind === 'scenario' || kind === 'sandbox') this.requestAlone(absolute, kind);
  }

  closed(absolute: string): void {
    this.publisher.forget(absolute);
    if (this.alone.delete(absolute)) {
      void this.publisher.clear(`alone:${absolute}`);
      return;
    }
    // The saved text replaces the edited one: the packs holding the file read it again from disk.
    this.filesChanged([absolute]);
  }

  /**
   * Files created, changed or deleted on disk: the packs that read them list and
   * read them again, and every open file is checked again (a catalog created or
   * deleted moves files from one pack to another).
   */
  filesChanged(files: readonly string[]): void {
    for (const pack of this.workspace.allPacks()) {
      if (!files.some((file) => covers(pack, file))) continue;
      pack.forgetDisk();
      if (this.isOwnPack(pack)) this.requestPack(pack);
    }
    for (const absolute of this.workspace.open.keys()) this.requestFor(absolute);
  }

  async settle(): Promise<void> {
    await this.queue.settle();
  }

  private isOwnPack(pack: RulePack): boolean {
    return pack.source.catalog === undefined && pack.source.paths.length === 1;
  }

  private requestPack(pack: RulePack): void {
    const group = `pack:${JSON.stringify(pack.source)}`;
    this.queue.request(group, async () => {
      const checked = await this.workspace.checkPack(pack);
      const own = new Map([...checked].filter(([absolute]) => this.workspace.packOf(absolute) === pack));
      await this.publisher.publish(group, own, (file) => locateIn(checked, pack.absoluteOf(file)));
      for (const [file, tested] of this.alone) if (tested === pack) this.requestAlone(file, 'scenario');
    });
  }

  private requestAlone(absolute: string, kind: 'scenario' | 'sandbox'): void {
    if (!this.alone.has(absolute)) this.alone.set(absolute, undefined);
    const group = `alone:${absolute}`;
    this.queue.request(group, async () => {
      const text = this.workspace.open.get(absolute);
      if (text === undefined) return;
      const check =
        kind === 'scenario'
          ? await this.workspace.checkScenario(absolute, text)
          : { diagnostics: await this.workspace.checkSandbox(absolute, text), pack: undefined };
      // Closed while it was checked: what was found is no longer to be shown.
      if (!this.workspace.open.has(absolute) || !this.alone.has(absolute)) return;
      this.alone.set(absolute, check.pack);
      const files = new Map<string, FileDiagnostics>([[absolute, { text, diagnostics: check.diagnostics }]]);
      await this.publisher.publish(group, files, () => undefined);
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
