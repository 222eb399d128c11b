import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import http2 from 'node:http2';
import path from 'node:path';
import protobuf from 'protobufjs';
import * as descriptor from 'protobufjs/ext/descriptor';
import { startGrpcHost, WebhookCore, type RunningHost } from '../../src/hosts';
import { emptyProcessor } from '../../src/processor';
import type { Event } from '../../src/contract';
import { silentLogger } from '../../src/observability/logger';
import { RawWebhookClient } from '../support/grpc-client';

const REFLECTION_PROTO = path.join(
  path.dirname(require.resolve('@grpc/reflection/package.json')),
  'build/proto/grpc/reflection/v1/reflection.proto',
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `done` every 5 ms until it holds or `ms` pass. */
async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await sleep(5);
}

interface ReflectionReply {
  list_services_response?: { service: { name: string }[] };
  file_descriptor_response?: { file_descriptor_proto: Buffer[] };
  error_response?: { error_message: string };
}

/** Asks the server's reflection service one question, as grpcurl would. */
function askReflection(address: string, request: Record<string, string>): Promise<ReflectionReply> {
  const definition = protoLoader.loadSync(REFLECTION_PROTO, { keepCase: true });
  const pkg = grpc.loadPackageDefinition(definition) as unknown as {
    grpc: { reflection: { v1: { ServerReflection: grpc.ServiceClientConstructor } } };
  };
  const client = new pkg.grpc.reflection.v1.ServerReflection(address, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) => {
    const call = (
      client as unknown as { ServerReflectionInfo(): grpc.ClientDuplexStream<unknown, ReflectionReply> }
    ).ServerReflectionInfo();
    call.on('data', (reply: ReflectionReply) => {
      resolve(reply);
      call.end();
      client.close();
    });
    call.on('error', reject);
    call.write(request);
  });
}

describe('gRPC host', () => {
  let host: RunningHost;
  let client: RawWebhookClient;
  let address: string;
  const seen: string[] = [];
  beforeAll(async () => {
    const recording = {
      process: (e: Event) => {
        seen.push(e.session_variables['state.currentEvent'] ?? '');
        return emptyProcessor.process(e);
      },
    };
    host = await startGrpcHost(new WebhookCore({ processor: recording }), {
      host: '127.0.0.1',
      port: 0,
      maxMessageBytes: 4096,
      logger: silentLogger,
    });
    address = `127.0.0.1:${host.port}`;
    client = new RawWebhookClient(address);
  });
  afterAll(async () => {
    client.close();
    await host.close();
  });

  it('lists the webhook and health services through reflection', async () => {
    const reply = await askReflection(address, { list_services: '' });
    const names = reply.list_services_response?.service.map((s) => s.name);
    expect(names).toContain('vendor.biosec.v1.CustomBusinessLogic');
    expect(names).toContain('grpc.health.v1.Health');
  });

  it('describes OnEvent through reflection well enough to call it, with protoc-style map entry names', async () => {
    const reply = await askReflection(address, {
      file_containing_symbol: 'vendor.biosec.v1.CustomBusinessLogic',
    });
    const files = (reply.file_descriptor_response?.file_descriptor_proto ?? []).map((b) =>
      descriptor.FileDescriptorProto.decode(b),
    );
    const webhookFile = files.find(
      (f) => (f as unknown as { package: string }).package === 'vendor.biosec.v1',
    ) as unknown as {
      messageType: { name: string; nestedType: { name: string }[] }[];
    };
    const event = webhookFile.messageType.find((m) => m.name === 'Event');
    expect(event?.nestedType.map((n) => n.name)).toEqual(['SessionVariablesEntry']);

    // A client that knows nothing but what reflection said: build the types from the descriptors and call.
    const root = (protobuf.Root as unknown as { fromDescriptor(set: unknown): protobuf.Root }).fromDescriptor(
      { file: files },
    );
    const Event = root.lookupType('vendor.biosec.v1.Event');
    const Response = root.lookupType('vendor.biosec.v1.CustomLogicResponse');
    // protobufjs builds a map field from descriptors as its repeated entry messages (the same wire bytes).
    const request = Event.fromObject({
      session_variables: [{ key: 'state.currentEvent', value: 'REFLECTED' }],
    });
    const bytes = Buffer.from(Event.encode(request).finish());
    const raw = await new Promise<Buffer>((resolve, reject) =>
      new grpc.Client(address, grpc.credentials.createInsecure()).makeUnaryRequest(
        '/vendor.biosec.v1.CustomBusinessLogic/OnEvent',
        (b: Buffer) => b,
        (b: Buffer) => b,
        bytes,
        (error, value) => (error ? reject(error) : resolve(value as Buffer)),
      ),
    );
    expect(Response.toObject(Response.decode(raw))).toEqual({ result_code: 200 });
    expect(seen).toContain('REFLECTED');
  });

  it('answers malformed protobuf with INVALID_ARGUMENT', async () => {
    const reply = await client.sendBytes(Buffer.from([0x0a, 0x05, 0x01]));
    expect(reply).toEqual({
      ok: false,
      code: grpc.status.INVALID_ARGUMENT,
      details: expect.stringMatching(/^malformed protobuf Event: /),
    });
  });

  it('refuses a message over the configured size with RESOURCE_EXHAUSTED, and keeps serving', async () => {
    const reply = await client.sendVariables({ big: 'x'.repeat(8192) });
    expect(reply.ok === false && reply.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect((await client.sendVariables({ 'state.currentEvent': 'X' })).ok).toBe(true);
  });

  it('answers INTERNAL and logs it when the answer cannot be sent, and keeps serving', async () => {
    const errors: string[] = [];
    const core = new WebhookCore({ processor: emptyProcessor });
    const failing = await startGrpcHost(core, {
      host: '127.0.0.1',
      port: 0,
      maxMessageBytes: 4096,
      logger: { ...silentLogger, error: (message) => errors.push(message) },
    });
    // A trailer value grpc-js refuses: the answer path throws after the event was processed.
    const onEvent = core.onEvent.bind(core);
    core.onEvent = async (request) => {
      const reply = await onEvent(request);
      return reply.ok && request.ok && request.value.session_variables['bad'] === '1'
        ? { ...reply, firedRules: 'bad\nvalue' }
        : reply;
    };
    const raw = new grpc.Client(`127.0.0.1:${failing.port}`, grpc.credentials.createInsecure());
    const client = new RawWebhookClient(`127.0.0.1:${failing.port}`);
    try {
      const error = await new Promise<grpc.ServiceError | null>((resolve) =>
        raw.makeUnaryRequest(
          '/vendor.biosec.v1.CustomBusinessLogic/OnEvent',
          (b: Buffer) => b,
          (b: Buffer) => b,
          Buffer.from([0x0a, 0x08, 0x0a, 0x03, 0x62, 0x61, 0x64, 0x12, 0x01, 0x31]),
          { deadline: Date.now() + 2000 },
          (e) => resolve(e),
        ),
      );
      expect([error?.code, error?.details]).toEqual([grpc.status.INTERNAL, 'internal error']);
      expect(errors).toEqual(['grpc OnEvent failed']);
      expect(core.admission.count).toBe(0);
      expect((await client.sendVariables({ bad: '0' })).ok).toBe(true);
    } finally {
      raw.close();
      client.close();
      await failing.close();
    }
  });

  it('keeps a cancelled call in flight until its event has been processed, then gives its place back', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const core = new WebhookCore({
      processor: { process: async (e: Event) => (await gate, emptyProcessor.process(e)) },
      maxInflightEvents: 1,
    });
    const busy = await startGrpcHost(core, {
      host: '127.0.0.1',
      port: 0,
      maxMessageBytes: 4096,
      logger: silentLogger,
    });
    const raw = new grpc.Client(`127.0.0.1:${busy.port}`, grpc.credentials.createInsecure());
    try {
      const cancelled = await new Promise<grpc.ServiceError | null>((resolve) =>
        raw.makeUnaryRequest(
          '/vendor.biosec.v1.CustomBusinessLogic/OnEvent',
          (b: Buffer) => b,
          (b: Buffer) => b,
          Buffer.alloc(0),
          { deadline: Date.now() + 200 },
          (error) => resolve(error),
        ),
      );
      expect(cancelled?.code).toBe(grpc.status.DEADLINE_EXCEEDED);
      // Long enough for the server to have ended the call on its side too.
      await sleep(100);
      expect(core.admission.count).toBe(1);
      open();
      await waitFor(() => core.admission.count === 0, 1000);
      expect(core.admission.count).toBe(0);
      const after = new RawWebhookClient(`127.0.0.1:${busy.port}`);
      expect((await after.sendVariables({ a: 'b' })).ok).toBe(true);
      after.close();
    } finally {
      open();
      raw.close();
      await busy.close();
    }
  });

  it('cuts a call whose message arrived but whose end of stream did not within --request-timeout', async () => {
    const core = new WebhookCore({ processor: emptyProcessor, maxInflightEvents: 1 });
    const busy = await startGrpcHost(core, {
      host: '127.0.0.1',
      port: 0,
      maxMessageBytes: 4096,
      logger: silentLogger,
      limits: { requestTimeoutMs: 200 },
    });
    const session = http2.connect(`http://127.0.0.1:${busy.port}`);
    try {
      const stream = session.request(
        {
          ':method': 'POST',
          ':path': '/vendor.biosec.v1.CustomBusinessLogic/OnEvent',
          'content-type': 'application/grpc',
          te: 'trailers',
        },
        { endStream: false },
      );
      stream.on('error', () => {});
      const answered = new Promise<http2.IncomingHttpHeaders>((resolve) => stream.on('response', resolve));
      // One whole, empty, uncompressed message (the 5-byte gRPC frame header), and no end of stream.
      stream.write(Buffer.from([0, 0, 0, 0, 0]));
      await waitFor(() => core.admission.count === 1, 1000);
      const headers = await Promise.race([answered, sleep(1000).then(() => undefined)]);
      expect(headers?.['grpc-status']).toBe(String(grpc.status.DEADLINE_EXCEEDED));
      await waitFor(() => core.admission.count === 0, 1000);
      expect(core.admission.count).toBe(0);
    } finally {
      session.destroy();
      await busy.close();
    }
  });
});
