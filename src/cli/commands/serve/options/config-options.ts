import { CONFIG_ENV } from '../../../config/apply-settings';
import { defineString } from '../../../options/define-options';

/** `--config FILE`: the settings of `rulehook serve` (and what `rulehook validate --config` checks). */
export const CONFIG_OPTIONS = {
  config: defineString({
    value: 'FILE',
    helpDefault: `$${CONFIG_ENV}, else none`,
    help: ['read settings from FILE (YAML); the RULEHOOK_* variables', 'and the flags win over it'],
  }),
};
