export * from './effective-filter';
export * from './filter-entry';
export * from './delta';
export * from './decide';
export * from './engine-model';
