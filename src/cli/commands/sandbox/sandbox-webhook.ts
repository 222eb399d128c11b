import { createTargetClient } from '../../../replay/lanes/create-lanes';
import { loadTargetAccess } from '../../../replay/lanes/target-access';
import { parseTargetUrl } from '../../../replay/lanes/target-url';
import { parseFiredHeader, type TargetClient } from '../../../replay/lanes/target-client';
import { formatDiagnostics } from '../../../diagnostics/format-report';
import { loadRuleBook } from '../../../rules/book/load-rule-book';
import type { SandboxWebhookTarget } from '../../../sandbox/flow/sandbox-webhook';
import { LocalWebhook } from '../../../simulation/local-webhook';
import { shouldColor } from '../../../terminal/color';
import type { CliIO } from '../../../terminal/command-io';
import type { SandboxWebhookSettings } from './sandbox-webhook-options';

export type SandboxWebhookChoice =
  | { ok: true; webhook: SandboxWebhookTarget | undefined; describe: string; close: () => void }
  | { ok: false; message: string };

/**
 * The webhook of the sandbox's sessions, with the clients `rulehook replay` uses: `--webhook` a live one
 * (HTTP or gRPC, over TLS with https:// and grpcs://, with the token and TLS files of `--webhook-*`, read as
 * `replay` reads `--target-*`; a failed call rejects with its kind of failure, for the session's timeline), `--rules` a rule pack answering in-process as
 * `rulehook serve` would; neither, none.
 */
export async function chooseSandboxWebhook(
  options: SandboxWebhookSettings,
  io: CliIO,
): Promise<SandboxWebhookChoice> {
  if (options.rules !== undefined) {
    const loaded = await loadRuleBook([options.rules], { cwd: io.cwd });
    const { diagnostics, sources } = loaded.load;
    if (diagnostics.length > 0)
      io.stderr.write(formatDiagnostics(diagnostics, sources, { format: 'human', color: shouldColor(io) }));
    if (!loaded.ok) return { ok: false, message: `${options.rules} has errors (see above)` };
    return {
      ok: true,
      // The engine's model also tells the rules whether their own updates are changes (`changed`).
      webhook: new LocalWebhook(
        loaded.book,
        options.engine.ownUpdates === undefined ? {} : { ownUpdates: options.engine.ownUpdates },
      ),
      describe: `the rules of ${options.rules}, in-process`,
      close: () => {},
    };
  }
  if (options.webhook === undefined)
    return {
      ok: true,
      webhook: undefined,
      describe: 'no webhook (events are recorded, not sent)',
      close: () => {},
    };
  const target = parseTargetUrl(options.webhook);
  if (typeof target === 'string') return { ok: false, message: target.replaceAll('--target', '--webhook') };
  const access = await loadTargetAccess(options.webhookAccess, io);
  if (!access.ok) return { ok: false, message: access.message };
  const client: TargetClient = createTargetClient(target, {
    timeoutMs: options.webhookTimeoutMs,
    concurrency: 8,
    access: access.value,
  });
  const reportsFired = await client.probe().catch(() => false);
  const webhook: SandboxWebhookTarget = {
    call: async (_session, variables) => {
      const reply = await client.send(variables);
      return { response: reply.response, fired: parseFiredHeader(reply.firedHeader, reportsFired) };
    },
  };
  return { ok: true, webhook, describe: `the webhook at ${target.text}`, close: () => client.close() };
}
