import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSandboxGrpcClient } from './sandbox-clients';

/**
 * An IVR's client of the IVR bot service, written from docs/contract.md alone: over HTTP, each method's
 * first binding as the "HTTP bindings" table gives it (path variables from the request, the other fields
 * in the query for GET and DELETE, else in the JSON body); over gRPC, a grpc-js client of the shipped
 * .proto. Either way the answer is the response message, whatever its status: an IVR reads `status`.
 */
export interface IvrClient {
  transport: 'HTTP' | 'gRPC';
  call(method: string, request: Record<string, unknown>): Promise<IvrAnswer>;
  close(): void;
}

/** What every IVR bot answer has, and the fields the calls below read; proto field names. */
export interface IvrAnswer {
  status: { status_code: string; status_message?: { message: string } };
  [field: string]: unknown;
}

interface Binding {
  verb: string;
  template: string;
}

const CONTRACT = path.join(__dirname, '../../docs/contract.md');

/** The first binding of each method in the table: `| Method | VERB \`/path\` | ...`. */
function readBindings(): Map<string, Binding> {
  const doc = readFileSync(CONTRACT, 'utf8');
  const start = doc.indexOf('### HTTP bindings of the IVR bot and audio services');
  const section = doc.slice(start, doc.indexOf('\n### ', start + 1));
  const bindings = new Map<string, Binding>();
  for (const [, method, verb, template] of section.matchAll(
    /^\| (\w+) \| (GET|POST|PATCH|DELETE) `([^`]+)` \|/gm,
  ))
    if (!bindings.has(method!)) bindings.set(method!, { verb: verb!, template: template! });
  return bindings;
}

/** Dotted keys for nested fields, as the contract's GET bindings read them (`context.gk_scope_id=...`). */
function toQuery(fields: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? toQuery(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${encodeURIComponent(prefix + key)}=${encodeURIComponent(String(value))}`],
  );
}

export function createHttpIvrClient(base: string): IvrClient {
  const bindings = readBindings();
  return {
    transport: 'HTTP',
    async call(method, request) {
      const binding = bindings.get(method);
      if (binding === undefined) throw new Error(`docs/contract.md has no HTTP binding of ${method}`);
      const rest = { ...request };
      const target = binding.template.replace(/\{(\w+)\}/g, (_match, name: string) => {
        const value = String(rest[name] ?? '');
        delete rest[name];
        return encodeURIComponent(value);
      });
      const bodyless = binding.verb === 'GET' || binding.verb === 'DELETE';
      const query = bodyless ? toQuery(rest) : [];
      const response = await fetch(base + target + (query.length > 0 ? `?${query.join('&')}` : ''), {
        method: binding.verb,
        ...(bodyless ? {} : { body: JSON.stringify(rest), headers: { 'content-type': 'application/json' } }),
      });
      return (await response.json()) as IvrAnswer;
    },
    close: () => undefined,
  };
}

export function createGrpcIvrClient(address: string): IvrClient {
  const client = createSandboxGrpcClient(address, 'IVRBot');
  return {
    transport: 'gRPC',
    call: async (method, request) => (await client.call(method, request)) as unknown as IvrAnswer,
    close: () => client.close(),
  };
}
