import { useState } from 'preact/hooks';
import { EventPicker } from './event-picker';
import { EventResult } from './event-result';
import type { Edits, EngineSettings, EventOutcome, PackFile } from './types';

interface Props {
  text: string;
  onText: (text: string) => void;
  /** The engine settings the event runs with (picked from a test file), and how they change. */
  engine: EngineSettings | undefined;
  onEngine: (engine: EngineSettings | undefined) => void;
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
  const { text, onText, engine, onEngine, onRun, running, error, results, files, edits, sessionKey } = props;
  const [picked, setPicked] = useState<number>();
  const shown = picked !== undefined && picked < results.length ? picked : results.length - 1;
  return (
    <section class="event-panel" aria-label="event">
      <h2>
        <label for="event-input">Event</label>
      </h2>
      <EventPicker
        files={files}
        edits={edits}
        sessionKey={sessionKey}
        onPick={(picked, settings) => {
          onText(picked);
          onEngine(settings);
        }}
      />
      {engine !== undefined && Object.keys(engine).length > 0 && (
        <p class="event-engine" data-testid="event-engine">
          Engine, as the test file sets it:{' '}
          {Object.entries(engine)
            .map(([name, value]) => `${name}: ${value}`)
            .join(', ')}{' '}
          <button type="button" onClick={() => onEngine(undefined)}>
            use the defaults
          </button>
        </p>
      )}
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
