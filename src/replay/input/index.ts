export * from './open-recording';
export * from './read-recording';
export * from './read-sources';
export * from './split-lines';
