export { hasErrors, type Diagnostic, type Range, type RelatedLocation } from './diagnostic';
export {
  ALL_CODES,
  DIAGNOSTIC_CODES,
  getCodeInfo,
  type CodeInfo,
  type DiagnosticCode,
  type Severity,
} from './codes';
export {
  createDiagnostic,
  dedupeDiagnostics,
  sortDiagnostics,
  type DiagnosticDetails,
} from './create-diagnostic';
export { createLineIndex, type LineIndex, type Position } from './line-index';
export { measureEditDistance, suggestName } from './did-you-mean';
export { formatNameList } from './list-names';
export { formatHuman, type HumanFormatOptions } from './format-human';
export { formatJson, toJsonDiagnostics, type JsonDiagnostic, type JsonRelatedLocation } from './format-json';
export {
  formatDiagnostics,
  formatSummaryLine,
  summarizeDiagnostics,
  type ReportFormat,
  type ReportOptions,
  type ReportSummary,
} from './format-report';
