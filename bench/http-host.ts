import { realisticVariables, wideVariables } from './events';
import { compareHosts, type Payload, type Server } from './host-compare';
import { startHostThread } from './host-thread';
import { httpTarget, loadHttp, postEvent, type HttpTarget } from './http-load';
import { check, type RunOptions, type Suite } from './suite';

/**
 * The event endpoint is the hot path and is kept lean: this suite measures it
 * against a bare node:http handler. Both servers run in one worker thread;
 * this thread is the load generator.
 */
export const httpHostSuite: Suite = {
  name: 'http-host',
  title: 'POST /v1/events on the rulehook HTTP host vs a bare node:http JSON handler',
  async run(options: RunOptions) {
    const thread = await startHostThread('http');
    const targets: Record<Server, HttpTarget> = {
      bare: httpTarget(thread.ports.bare),
      rulehook: httpTarget(thread.ports.rulehook),
    };
    try {
      const payload = (variables: Record<string, string>, requests: number): Payload => {
        const body = Buffer.from(JSON.stringify({ session_variables: variables }));
        const count = Object.keys(variables).length;
        return {
          label: `${count} variables (${(body.length / 1024).toFixed(1)} KB)`,
          requests,
          send: (server, n) => loadHttp(targets[server], body, n),
        };
      };
      const small = payload(realisticVariables('VERIFY_COMPLETED'), 4_000);
      const large = payload(wideVariables('VERIFY_COMPLETED', 1_000), 600);

      const sample = Buffer.from(JSON.stringify({ session_variables: realisticVariables('X') }));
      for (const server of ['bare', 'rulehook'] as const) {
        const reply = await postEvent(targets[server], sample);
        check(
          reply.status === 200 && JSON.parse(reply.text).result_code === 200,
          `${server} answers result_code 200`,
        );
      }

      return await compareHosts(
        thread,
        [small, large],
        {
          path: 'http',
          title: 'http-host: 32 requests in flight on keep-alive loopback connections',
          labels: { bare: 'bare node:http [baseline]', rulehook: 'rulehook (empty processor)' },
          rounds: 15,
        },
        options,
      );
    } finally {
      targets.bare.agent.destroy();
      targets.rulehook.agent.destroy();
      await thread.close();
    }
  },
};
