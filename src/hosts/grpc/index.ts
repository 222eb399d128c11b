export { startGrpcHost, type GrpcHostOptions } from './server';
export { customBusinessLogicService } from './service-definition';
