export * from './play-recordings';
export * from './run-options';
export * from './run-replay-loop';
export * from './run-replay';
export * from './choose-workers';
