export { startSandbox, type RunningSandbox, type SandboxHostOptions } from './start-sandbox';
export { loadSandboxBindings, type HttpBinding, type MethodBinding } from './service-bindings';
