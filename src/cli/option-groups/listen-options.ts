import { defineFlag, defineString } from '../options/define-options';
import { parsePort } from '../options/parse-values';

/**
 * Where a command that serves HTTP and gRPC listens: the address, a port for each (0: any free port), and
 * either one turned off. `serve` and `sandbox` take them alike, each with its own default ports.
 */
export function defineListenOptions(ports: { http: number; grpc: number }) {
  return {
    host: defineString({ value: 'HOST', default: '127.0.0.1', help: 'address to bind' }),
    'http-port': defineString({
      value: 'PORT',
      parse: parsePort,
      default: ports.http,
      help: 'HTTP port, 0 for any free port',
    }),
    'grpc-port': defineString({
      value: 'PORT',
      parse: parsePort,
      default: ports.grpc,
      help: 'gRPC port, 0 for any free port',
    }),
    'no-http': defineFlag({ help: 'do not serve HTTP' }),
    'no-grpc': defineFlag({ help: 'do not serve gRPC' }),
  };
}
