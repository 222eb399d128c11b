import type { Connection } from 'vscode-languageserver';
import { createLineIndex } from '../../diagnostics/line-index';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import { toLspDiagnostic, toUri } from '../diagnostics/to-lsp-diagnostic';
import type { FileDiagnostics } from '../workspace/language-workspace';

/**
 * Publishes diagnostics by groups (a pack, a scenario file). A file belongs to
 * the group that published it last; when it leaves a group (deleted, moved to
 * another pack) it is cleared, unless another group has published it since.
 * A file whose diagnostics did not change is not sent again.
 */
export class DiagnosticsPublisher {
  private readonly groups = new Map<string, Set<string>>();
  private readonly owners = new Map<string, string>();
  /** What was last sent for each file, as JSON. */
  private readonly sent = new Map<string, string>();

  constructor(private readonly connection: Connection) {}

  async publish(
    group: string,
    files: ReadonlyMap<string, FileDiagnostics>,
    locate: (file: string) => { absolute: string; text: string } | undefined,
  ): Promise<void> {
    const before = this.groups.get(group) ?? new Set<string>();
    const now = new Set(files.keys());
    this.groups.set(group, now);
    for (const gone of before) {
      if (now.has(gone) || this.owners.get(gone) !== group) continue;
      this.owners.delete(gone);
      await this.send(gone, []);
    }
    for (const [absolute, { text, diagnostics }] of files) {
      this.owners.set(absolute, group);
      const lines = createLineIndex(text);
      const at = (file: string) => {
        const place = locate(file);
        return place && { uri: toUri(place.absolute), lines: createLineIndex(place.text) };
      };
      await this.send(
        absolute,
        diagnostics.map((d: Diagnostic) => toLspDiagnostic(d, lines, at)),
      );
    }
  }

  /** Clears a group's diagnostics (its file was closed and belongs to no pack). */
  async clear(group: string): Promise<void> {
    await this.publish(group, new Map(), () => undefined);
  }

  /**
   * Forgets what was sent for a file the editor opened or closed: some clients drop
   * a closed file's diagnostics, so the next check sends them whether or not they changed.
   */
  forget(absolute: string): void {
    this.sent.delete(absolute);
  }

  private async send(absolute: string, diagnostics: ReturnType<typeof toLspDiagnostic>[]): Promise<void> {
    const json = JSON.stringify(diagnostics);
    if (this.sent.get(absolute) === json) return;
    this.sent.set(absolute, json);
    await this.connection.sendDiagnostics({ uri: toUri(absolute), diagnostics });
  }
}
