export { startGrpcHost, FIRED_RULES_TRAILER, type GrpcHostOptions } from './server';
export { customBusinessLogicService } from './service-definition';
