export * from './core';
export type { RunningHost } from './running-host';
export * from './http';
export * from './grpc';
