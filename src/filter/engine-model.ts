import type { FilterReading } from './decide';

/**
 * The engine's behaviour where its specification can be read more than one way (docs/filters.md, "The
 * engine model"). Every field is optional: absent means rulehook's default reading. The webhook needs only
 * `ownUpdates` (what `changed` compares against); the simulated engine of `rulehook test` and `rulehook
 * replay` needs all three.
 */
export interface EngineModel extends FilterReading {
  /**
   * `applied` (default): the engine applies the webhook's `session_variable_updates` to the session before
   * the next event's delta is computed, so the webhook's own writes are never changes; `changes`: they show
   * in the next event's delta (and `changed` fires on them) as if the engine had raised them.
   */
  ownUpdates?: 'applied' | 'changes';
}

/** The settings by the names rule authors write (`engine:` in scenario files, `--engine KEY=VALUE`), default first. */
export const ENGINE_SETTINGS = {
  own_updates: { field: 'ownUpdates', values: ['applied', 'changes'] },
  empty_delta: { field: 'emptyDelta', values: ['sent', 'filtered'] },
  later_filter: { field: 'laterFilter', values: ['replaces', 'adds'] },
} as const;

export type EngineSettingName = keyof typeof ENGINE_SETTINGS;

export type EngineSettingRead = { ok: true; model: EngineModel } | { ok: false; message: string };

/**
 * Adds one setting, given by its written name and value, to `model`; an unknown name or value is a
 * message saying which names or values there are.
 */
export function readEngineSetting(model: EngineModel, name: string, value: string): EngineSettingRead {
  if (!Object.hasOwn(ENGINE_SETTINGS, name))
    return {
      ok: false,
      message: `unknown engine setting '${name}'; the settings are ${Object.keys(ENGINE_SETTINGS).join(', ')}`,
    };
  const setting = ENGINE_SETTINGS[name as EngineSettingName];
  if (!(setting.values as readonly string[]).includes(value))
    return {
      ok: false,
      message: `engine setting ${name} is '${value}'; expected ${setting.values.join(' or ')}`,
    };
  return { ok: true, model: { ...model, [setting.field]: value } };
}

/** Every setting with the value `model` gives it (defaults included), as `name=value, …`. */
export function describeEngineModel(model: EngineModel): string {
  return Object.entries(ENGINE_SETTINGS)
    .map(([name, { field, values }]) => `${name}=${(model as Record<string, string>)[field] ?? values[0]}`)
    .join(', ');
}
