import { compareHosts, type Payload, type Server } from './host-compare';
import { grpcClient, callOnEvent, loadGrpc } from './grpc-load';
import { realisticVariables, wideVariables } from './events';
import { startHostThread } from './host-thread';
import { encodeEvent, loadWebhookTypes } from './proto-types';
import { check, type RunOptions, type Suite } from './suite';

/**
 * For information: the gRPC host (core, metrics, trailer, reflection) against
 * grpc-js serving the same method with the same serializers and a handler that
 * answers at once.
 */
export const grpcHostSuite: Suite = {
  name: 'grpc-host',
  title: 'OnEvent on the rulehook gRPC host vs grpc-js with the same serializers and a trivial handler',
  async run(options: RunOptions) {
    const types = loadWebhookTypes();
    const thread = await startHostThread('grpc');
    const clients = { bare: grpcClient(thread.ports.bare), rulehook: grpcClient(thread.ports.rulehook) };
    try {
      const payload = (variables: Record<string, string>, requests: number): Payload => {
        const bytes = encodeEvent(types, variables);
        return {
          label: `${Object.keys(variables).length} variables (${(bytes.length / 1024).toFixed(1)} KB)`,
          requests,
          send: (server: Server, n) => loadGrpc(clients[server], bytes, n),
        };
      };
      const small = payload(realisticVariables('VERIFY_COMPLETED'), 1_500);
      const large = payload(wideVariables('VERIFY_COMPLETED', 1_000), 150);

      const sample = encodeEvent(types, realisticVariables('X'));
      for (const server of ['bare', 'rulehook'] as const) {
        const reply = types.CustomLogicResponse.decode(await callOnEvent(clients[server], sample));
        check(
          (reply as unknown as { result_code: number }).result_code === 200,
          `${server} answers result_code 200`,
        );
      }

      return await compareHosts(
        thread,
        [small, large],
        {
          path: 'grpc',
          title: 'grpc-host: 32 calls in flight on one loopback HTTP/2 connection',
          labels: { bare: 'bare grpc-js [baseline]', rulehook: 'rulehook (empty processor)' },
          rounds: 15,
        },
        options,
      );
    } finally {
      clients.bare.close();
      clients.rulehook.close();
      await thread.close();
    }
  },
};
