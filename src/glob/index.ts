export * from './compile-glob';
export { canMatchTextStartingWith } from './match-start';
export { GLOB_LIMITS, type GlobProblem, type GlobProblemCode } from './glob-syntax';
