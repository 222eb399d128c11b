import { defineFlag } from '../../../options/define-options';

/** `serve --console`: docs/console.md, "serve --console". */
export const CONSOLE_OPTIONS = {
  console: defineFlag({
    help: [
      'serve the web console, read-only, at /console/ on the HTTP port,',
      'with live decisions (behind --auth-tokens-file as /admin is)',
    ],
  }),
};
