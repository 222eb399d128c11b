import type { ServiceMethod, ServiceMethods } from '../wire/service-methods';
import { loadSandboxBindings, type MethodBinding } from './service-bindings';

/** A method ready to serve: its binding, and what answers it. */
export interface ServedMethod {
  binding: MethodBinding;
  answer: ServiceMethod;
}

/**
 * Every method of both services, answered by `implemented` (by service, then
 * method name); a method not implemented yet answers NOT_IMPLEMENTED in its
 * status, over both transports, like any other failure.
 */
export function listServedMethods(implemented: Readonly<Record<string, ServiceMethods>>): ServedMethod[] {
  return loadSandboxBindings().map((binding) => ({
    binding,
    answer:
      implemented[binding.service]?.[binding.name] ??
      (() => ({
        status: {
          status_code: 'NOT_IMPLEMENTED',
          status_message: { locale: 'en-US', message: `the sandbox does not implement ${binding.name} yet` },
        },
      })),
  }));
}
