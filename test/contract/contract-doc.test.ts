/**
 * Keeps docs/contract.md true to the shipped .proto files, so the reference cannot drift: every message
 * (fields, tags, types), enum (values, numbers) and service (methods, request and response types, HTTP
 * bindings) documented on the page is compared with the protos, and every one the protos define must be
 * documented, exactly once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as protobuf from 'protobufjs';
import descriptorJson from 'protobufjs/google/protobuf/descriptor.json';

import { PROTO_ROOT } from '../../src/contract/proto-files';
import { readContractTables, type DocTable } from '../support/contract-doc';

const DOC_PATH = path.resolve(__dirname, '../../docs/contract.md');
const PROTO_FILES = [
  'vendor/biosec/v1/custom_business_logic.proto',
  'vendor/biosec/v1/ivr_bot.proto',
  'vendor/biosec/v1/audio_processor.proto',
];
const PKG = 'vendor.biosec.v1';
const WEBHOOK_MESSAGES = [
  'Event',
  'CustomLogicResponse',
  'OperationAction',
  'SetSessionVariableAction',
  'NodeOverrideAction',
  'EventFilterAction',
].map((name) => `${PKG}.${name}`);

/** Field name -> [tag, type], types written as on the page (package-relative for vendor.biosec.v1). */
type FieldTable = Record<string, [number, string]>;

const tables = readContractTables(readFileSync(DOC_PATH, 'utf8'));
const ofKind = (kind: DocTable['kind']) => tables.filter((t) => t.kind === kind).map((t) => [t.fullName, t]);

let root: protobuf.Root;

beforeAll(() => {
  // annotations.proto imports descriptor.proto, which protobufjs does not bundle by default.
  protobuf.common('descriptor', descriptorJson.nested.google.nested.protobuf.nested as protobuf.INamespace);
  root = new protobuf.Root();
  root.resolvePath = (_origin, target) => path.resolve(PROTO_ROOT, target);
  root.loadSync(PROTO_FILES, { keepCase: true });
  root.resolveAll();
});

function typeName(fullName: string): string {
  const name = fullName.replace(/^\./, '');
  return name.startsWith(`${PKG}.`) ? name.slice(PKG.length + 1) : name;
}

function protoFieldTable(type: protobuf.Type): FieldTable {
  const table: FieldTable = {};
  for (const field of type.fieldsArray) {
    const base = field.resolvedType ? typeName(field.resolvedType.fullName) : field.type;
    const rendered =
      field instanceof protobuf.MapField
        ? `map<${field.keyType},${base}>`
        : `${field.repeated ? 'repeated ' : ''}${base}`;
    table[field.name] = [field.id, rendered];
  }
  return table;
}

function docFieldTable(table: DocTable): FieldTable {
  return Object.fromEntries(table.rows.map(([name, type, tag]) => [name, [Number(tag), type]]));
}

/** Every message, enum and service under the `vendor` namespace, as `kind name` lines. */
function protoDefinitions(): string[] {
  const found: string[] = [];
  const walk = (ns: protobuf.NamespaceBase): void => {
    for (const nested of ns.nestedArray) {
      const name = nested.fullName.slice(1);
      if (nested instanceof protobuf.Type) found.push(`message ${name}`);
      else if (nested instanceof protobuf.Enum) found.push(`enum ${name}`);
      else if (nested instanceof protobuf.Service) found.push(`service ${name}`);
      if (nested instanceof protobuf.Namespace || nested instanceof protobuf.Type) walk(nested);
    }
  };
  walk(root.lookup('vendor') as protobuf.Namespace);
  return found.sort();
}

interface HttpRule {
  get?: string;
  put?: string;
  post?: string;
  delete?: string;
  patch?: string;
  additional_bindings?: HttpRule | HttpRule[];
}

/** `VERB /path` of a method's google.api.http rule and of its additional bindings, in order. */
function protoBindings(method: protobuf.Method): string[] {
  const options = (method.parsedOptions ?? []) as Record<string, HttpRule>[];
  const rule = options.find((o) => '(google.api.http)' in o)?.['(google.api.http)'];
  if (rule === undefined) return [];
  const verbs = ['get', 'put', 'post', 'delete', 'patch'] as const;
  const one = (r: HttpRule) =>
    verbs.filter((v) => r[v] !== undefined).map((v) => `${v.toUpperCase()} ${r[v]}`);
  return [rule, ...[rule.additional_bindings ?? []].flat()].flatMap(one);
}

describe('docs/contract.md against the protos', () => {
  it('documents every message, enum and service of the protos, each once, and nothing else', () => {
    const documented = tables.map((t) => `${t.kind} ${t.fullName}`).sort();
    expect(documented).toEqual(protoDefinitions());
  });

  it('names each table by the last part of its fully-qualified name', () => {
    const misnamed = tables.filter((t) => !t.fullName.endsWith(`.${t.title}`)).map((t) => t.line);
    expect(misnamed).toEqual([]);
  });

  it.each(WEBHOOK_MESSAGES)('webhook message %s is documented with every field, tag and type', (name) => {
    const table = tables.find((t) => t.kind === 'message' && t.fullName === name);
    expect(table && docFieldTable(table)).toEqual(protoFieldTable(root.lookupType(name)));
  });

  it.each(ofKind('message'))('message %s: fields, tags and types as in the proto', (name, table) => {
    expect(docFieldTable(table as DocTable)).toEqual(protoFieldTable(root.lookupType(name as string)));
  });

  it.each(ofKind('enum'))('enum %s: values and numbers as in the proto', (name, table) => {
    const values = Object.fromEntries((table as DocTable).rows.map(([value, n]) => [value, Number(n)]));
    expect(values).toEqual(root.lookupEnum(name as string).values);
  });

  it.each(ofKind('service'))(
    'service %s: methods, types and HTTP bindings as in the proto',
    (name, table) => {
      const documented = (table as DocTable).rows.map(([method, request, response], i) => ({
        method,
        request,
        response,
        http: (table as DocTable).spans[i],
      }));
      const actual = root.lookupService(name as string).methodsArray.map((m) => ({
        method: m.name,
        request: typeName(m.resolvedRequestType?.fullName ?? m.requestType),
        response: typeName(m.resolvedResponseType?.fullName ?? m.responseType),
        http: protoBindings(m),
      }));
      expect(documented).toEqual(actual);
    },
  );

  it('catches a drifted tag: the check fails for a table whose number differs from the proto', () => {
    const drifted = readContractTables(
      [
        '**Event** (message `vendor.biosec.v1.Event`)',
        '',
        '| Field | Type | Tag | Rule |',
        '|---|---|---|---|',
        '| `session_variables` | `map<string,string>` | 2 | Moved. |',
      ].join('\n'),
    );
    expect(docFieldTable(drifted[0] as DocTable)).not.toEqual(
      protoFieldTable(root.lookupType(`${PKG}.Event`)),
    );
    expect(docFieldTable(drifted[0] as DocTable)).toEqual({ session_variables: [2, 'map<string,string>'] });
  });
});
