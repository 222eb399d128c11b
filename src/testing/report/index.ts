export { formatHumanReport, formatSummary, type HumanOptions } from './format-human';
export { formatJsonReport } from './format-json';
export { formatJunitReport } from './format-junit';
export { formatCoverage } from './format-coverage';
export { formatFailure } from './format-failure';
