export * from './hosts';
export { buildSandboxSchema, loadSandboxScenario, type SandboxScenario } from './scenario';
