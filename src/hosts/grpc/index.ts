export { startGrpcHost, type GrpcHostOptions } from './server';
export { createBusinessLogicService, customBusinessLogicService } from './service-definition';
