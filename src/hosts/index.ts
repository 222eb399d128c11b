export * from './core';
export { describeListening, formatHostPort, type RunningHost } from './running-host';
export * from './http';
export * from './grpc';
