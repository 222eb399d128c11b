import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import path from 'node:path';
import * as descriptor from 'protobufjs/ext/descriptor';
import { PROTO_ROOT, WEBHOOK_PROTO } from '../../contract/proto-files';

interface MessageDescriptor {
  name?: string;
  field?: { name?: string; typeName?: string }[];
  nestedType?: MessageDescriptor[];
  options?: { mapEntry?: boolean };
}

/** protoc's name for a map field's entry message: `session_variables` -> `SessionVariablesEntry`. */
function mapEntryName(fieldName: string): string {
  return fieldName.replace(/(?:^|_)([a-z0-9])/g, (_m, c: string) => c.toUpperCase()) + 'Entry';
}

/**
 * protobufjs names map entries `Session_variables`; protoc names them
 * `SessionVariablesEntry`, and Go clients (grpcurl, buf) reject any other name
 * as "an invalid map". Renames entries, and the fields' type references, in place.
 */
function renameMapEntries(message: MessageDescriptor): void {
  for (const nested of message.nestedType ?? []) {
    renameMapEntries(nested);
    if (nested.options?.mapEntry !== true || nested.name === undefined) continue;
    const oldName = nested.name;
    // protobufjs writes the entry's type reference unqualified; protoc writes it fully qualified.
    const field = message.field?.find(
      (f) => f.typeName === oldName || f.typeName?.endsWith(`.${message.name}.${oldName}`),
    );
    if (field?.name === undefined || field.typeName === undefined) continue;
    nested.name = mapEntryName(field.name);
    field.typeName = field.typeName.slice(0, -oldName.length) + nested.name;
  }
}

function fixDescriptors(definition: protoLoader.PackageDefinition): void {
  const seen = new Set<Buffer[]>();
  for (const entry of Object.values(definition)) {
    const lists = 'fileDescriptorProtos' in entry ? [entry.fileDescriptorProtos as Buffer[]] : [];
    for (const method of Object.values(entry)) {
      const m = method as { requestType?: { fileDescriptorProtos?: Buffer[] } };
      if (m?.requestType?.fileDescriptorProtos) lists.push(m.requestType.fileDescriptorProtos);
    }
    for (const list of lists) {
      if (seen.has(list)) continue;
      seen.add(list);
      list.forEach((bytes, i) => {
        const file = descriptor.FileDescriptorProto.decode(bytes) as unknown as {
          messageType?: MessageDescriptor[];
        };
        for (const message of file.messageType ?? []) renameMapEntries(message);
        list[i] = Buffer.from(descriptor.FileDescriptorProto.encode(file as never).finish());
      });
    }
  }
}

/** The health service's .proto, as grpc-health-check ships it: `health/v1/health.proto` under its root. */
const HEALTH_PROTO = 'health/v1/health.proto';
const HEALTH_PROTO_ROOT = path.resolve(healthProtoPath, '../../..');

/**
 * Adds gRPC server reflection (v1 and v1alpha) describing the webhook and health services, so clients
 * need no .proto.
 */
export function addWebhookReflection(server: grpc.Server): void {
  const definition = protoLoader.loadSync([WEBHOOK_PROTO, HEALTH_PROTO], {
    includeDirs: [PROTO_ROOT, HEALTH_PROTO_ROOT],
    keepCase: true,
  });
  fixDescriptors(definition);
  new ReflectionService(definition).addToServer(server);
}
