export { startLanguageServer, type LanguageServerOptions } from './server/start-language-server';
