export { applySettings, CONFIG_ENV, explainOrigins, type AppliedSettings } from './apply-settings';
export { buildConfigSchema, isConfigStringPosition } from './config-schema';
export { layerSettings, type LayeredSettings, type Origin } from './layer-settings';
export { loadConfigFile, type ConfigFile, type FileSetting } from './load-config-file';
export { locateSettingsProblem } from './locate-settings-problem';
export { formatEnvSetting, readEnvSetting } from './read-env-setting';
export { listSettings, NOT_SETTINGS, toEnvName, toFileKey, type Setting } from './setting-names';
export { formatSettingsTable } from './settings-table';
export { reportInvalidConfig } from './report-invalid-config';
