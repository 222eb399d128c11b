export * from './compare-outcomes';
export * from './compare-stats';
export * from './replay-stats';
