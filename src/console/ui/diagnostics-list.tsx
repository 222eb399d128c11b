import type { Diagnostic } from './types';

interface Props {
  diagnostics: Diagnostic[];
  onSelect: (diagnostic: Diagnostic) => void;
}

function formatPlace(d: Diagnostic): string {
  return d.line === null ? d.file : `${d.file}:${d.line}:${d.col ?? 1}`;
}

/** The pack's diagnostics with the edits applied, as `rulehook validate` reports them; each one opens its place. */
export function DiagnosticsList({ diagnostics, onSelect }: Props) {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return (
    <section class="diagnostics" aria-label="diagnostics">
      <h2>
        Problems{' '}
        <span class="count">
          {errors} {errors === 1 ? 'error' : 'errors'}, {diagnostics.length - errors} other
        </span>
      </h2>
      <ul data-testid="diagnostics">
        {diagnostics.map((d, index) => (
          <li key={index} data-code={d.code} data-severity={d.severity}>
            <button type="button" onClick={() => onSelect(d)}>
              <span class={`severity ${d.severity}`}>{d.severity}</span> <code>{d.code}</code> {d.message}
              {d.suggestion !== undefined && <span class="suggestion"> did you mean '{d.suggestion}'?</span>}
              <span class="place">{formatPlace(d)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
