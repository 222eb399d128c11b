import path from 'node:path';
import { Root } from 'protobufjs';
import { PROTO_ROOT } from './proto-files';

/**
 * Builds a protobufjs Root from the shipped .proto files (paths relative to
 * PROTO_ROOT), resolved; `google/protobuf/*` comes from the copy protobufjs
 * ships. Field names are kept as written (snake_case, and the contract's three
 * camelCase fields), as proto3 JSON's "proto field name" spelling.
 */
export function loadProtoRoot(files: readonly string[]): Root {
  const protobufjsDir = path.dirname(require.resolve('protobufjs/package.json'));
  const root = new Root();
  root.resolvePath = (_origin, target) =>
    path.isAbsolute(target)
      ? target
      : path.join(target.startsWith('google/protobuf/') ? protobufjsDir : PROTO_ROOT, target);
  root.loadSync([...files], { keepCase: true });
  root.resolveAll();
  return root;
}
