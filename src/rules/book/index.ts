export * from './load-rule-book';
