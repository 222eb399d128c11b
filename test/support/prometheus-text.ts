/** One sample of the Prometheus text format: `name{label="value",…} 12`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** What a `# TYPE` line declares, by metric name. */
export type MetricTypes = Map<string, string>;

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Parses the Prometheus text format as `GET /metrics` serves it (no timestamps), strictly: a line that
 * is neither a comment nor a well-formed sample fails the parse, so a test reading metrics also checks
 * the text is valid. Small and hand-written: prom-client writes the format but has no parser.
 */
export function parsePrometheusText(text: string): { samples: Sample[]; types: MetricTypes } {
  const samples: Sample[] = [];
  const types: MetricTypes = new Map();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
      if (type) types.set(type[1]!, type[2]!);
      else if (!line.startsWith('# HELP ')) throw new Error(`not a HELP or TYPE line: ${line}`);
      continue;
    }
    const match = SAMPLE.exec(line);
    const value = match === null ? undefined : parseValue(match[3]!);
    if (match === null || value === undefined) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    const text = match[2] ?? '';
    const rest = text.replace(LABEL, (_all, key: string, quoted: string) => {
      labels[key] = quoted.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c));
      return '';
    });
    if (rest.replace(/,/g, '') !== '') throw new Error(`bad labels: ${line}`);
    samples.push({ name: match[1]!, labels, value });
  }
  return { samples, types };
}

/** A sample's value: a number, `+Inf`, `-Inf` or NaN (prom-client writes `Nan`; Prometheus reads any case). */
function parseValue(text: string): number | undefined {
  if (/^nan$/i.test(text)) return NaN;
  const value = Number(text.replace(/^([+-])Inf$/, '$1Infinity'));
  return Number.isNaN(value) ? undefined : value;
}

/** The value of the one sample of `name` with exactly these labels; undefined when there is none. */
export function sampleValue(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return samples.find((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted)
    ?.value;
}
