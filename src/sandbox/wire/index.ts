export { FieldTypeError, readJsonForm, type JsonMessage } from './proto-json';
export { formatDuration, OBJECT_FORM, writeJsonForm } from './json-form';
export { mapStatusToHttp, STATUS_HTTP_TABLE } from './http-status';
export {
  answerFailure,
  OK_STATUS,
  StatusFailure,
  type FieldViolation,
  type StatusCodeName,
  type StatusJson,
} from './status';
export { FieldViolations, validateRequest } from './field-violations';
export { answerWithStatus, type ServiceMethod, type ServiceMethods } from './service-methods';
