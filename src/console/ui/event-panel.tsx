import { useState } from 'preact/hooks';
import { EventPicker } from './event-picker';
import { EventResult } from './event-result';
import type { Edits, EventOutcome, PackFile } from './types';

interface Props {
  text: string;
  onText: (text: string) => void;
  onRun: () => void;
  running: boolean;
  error: string | undefined;
  results: EventOutcome[];
  /** The pack's files and edits: its recordings and test files offer their events to pick. */
  files: PackFile[];
  edits: Edits;
  /** The variable naming an event's session: a recording's calls are told apart by it. */
  sessionKey: string;
}

/** The event to run (its session variables), the run button, and what each event of the run did. */
export function EventPanel(props: Props) {
  const { text, onText, onRun, running, error, results, files, edits, sessionKey } = props;
  const [picked, setPicked] = useState<number>();
  const shown = picked !== undefined && picked < results.length ? picked : results.length - 1;
  return (
    <section class="event-panel" aria-label="event">
      <h2>
        <label for="event-input">Event</label>
      </h2>
      <EventPicker files={files} edits={edits} sessionKey={sessionKey} onPick={onText} />
      <textarea
        id="event-input"
        data-testid="event-input"
        spellcheck={false}
        value={text}
        onInput={(e) => onText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onRun();
          }
        }}
      />
      <button type="button" data-testid="run-event" class="primary" onClick={onRun} disabled={running}>
        Run event <kbd>Ctrl+Enter</kbd>
      </button>
      {error !== undefined && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {results.length > 1 && (
        <div class="event-steps" role="group" aria-label="events of the run">
          {results.map((r, index) => (
            <button
              type="button"
              key={index}
              aria-pressed={index === shown}
              class={r.sent ? 'sent' : 'filtered'}
              onClick={() => setPicked(index)}
            >
              {index + 1}
            </button>
          ))}
        </div>
      )}
      {results[shown] !== undefined && <EventResult result={results[shown]!} />}
    </section>
  );
}
