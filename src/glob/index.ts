export * from './compile-glob';
export { GLOB_LIMITS, type GlobProblem, type GlobProblemCode } from './glob-syntax';
