import { useState } from 'preact/hooks';
import { callApi } from './api';
import { parseEvents } from './parse-event';
import { encodeShareLink } from './share-link';
import type { TestReport } from './tests-panel';
import type { EngineSettings, EventOutcome } from './types';
import type { PackState } from './use-pack';

export type Status = { kind: 'ok' | 'error'; text: string } | undefined;

/**
 * Running the event, the tests, saving and sharing: each posts the edits to the API and keeps its outcome.
 * `engine`: the engine settings the event runs with (a test file's, when picked from one).
 */
export function usePlaygroundActions(pack: PackState, eventText: string, engine?: EngineSettings) {
  const [busy, setBusy] = useState<string>();
  const [status, setStatus] = useState<Status>();
  const [results, setResults] = useState<EventOutcome[]>([]);
  const [eventError, setEventError] = useState<string>();
  const [report, setReport] = useState<TestReport>();
  const [shareLink, setShareLink] = useState<string>();

  const during = async (what: string, work: () => Promise<void>) => {
    setBusy(what);
    try {
      await work();
    } finally {
      setBusy(undefined);
    }
  };

  const runEventWith = (settings: EngineSettings | undefined) =>
    during('running', async () => {
      const parsed = parseEvents(eventText);
      if (!parsed.ok) return setEventError(parsed.message);
      const answer = await callApi<{ results: EventOutcome[] }>('evaluate', {
        files: pack.edits,
        events: parsed.events,
        ...(settings === undefined ? {} : { engine: settings }),
      });
      if (!answer.ok && answer.diagnostics !== undefined) pack.setDiagnostics(answer.diagnostics);
      setEventError(answer.ok ? undefined : answer.message);
      setResults(answer.ok ? answer.body.results : []);
    });

  const runEvent = () => runEventWith(engine);

  const runTests = () =>
    during('testing', async () => {
      const answer = await callApi<TestReport>('test', { files: pack.edits });
      if (!answer.ok) return setStatus({ kind: 'error', text: `tests: ${answer.message}` });
      setReport(answer.body);
      const failed = answer.body.summary?.failed ?? 0;
      setStatus({
        kind: failed === 0 ? 'ok' : 'error',
        text: failed === 0 ? 'tests passed' : `${failed} failed`,
      });
    });

  const save = () =>
    during('saving', async () => {
      const answer = await callApi<{ saved: string[] }>('save', { files: pack.edits });
      if (answer.ok) {
        pack.markSaved(answer.body.saved);
        return setStatus({ kind: 'ok', text: `saved ${answer.body.saved.join(', ')}` });
      }
      if (answer.diagnostics !== undefined) pack.setDiagnostics(answer.diagnostics);
      const errors = (answer.diagnostics ?? []).filter((d) => d.severity === 'error').length;
      setStatus({
        kind: 'error',
        text:
          answer.status === 422
            ? `not saved: ${errors} error${errors === 1 ? '' : 's'}`
            : `not saved: ${answer.message}`,
      });
    });

  const share = () => {
    if (pack.openFile === undefined) return;
    const link = encodeShareLink({
      file: pack.openFile,
      text: pack.texts[pack.openFile] ?? '',
      event: eventText,
    });
    setShareLink(link);
    void navigator.clipboard?.writeText(link).catch(() => undefined);
  };

  return {
    busy,
    status,
    results,
    eventError,
    report,
    shareLink,
    runEvent,
    runEventWith,
    runTests,
    save,
    share,
  };
}
