import { ENGINE_SETTINGS, type EngineModel } from '../../filter/engine-model';
import { defineChoice, listChoices } from '../options/define-options';

/**
 * How the engine reads the points its specification leaves open (docs/filters.md, "The engine model"):
 * `serve` takes `--engine-own-updates` (the only one the webhook's answers depend on); the simulations
 * (`replay`) take all three. The first choice of each is the default.
 */
export const ENGINE_OWN_UPDATES_OPTION = {
  'engine-own-updates': defineChoice({
    value: 'HOW',
    choices: ENGINE_SETTINGS.own_updates.values,
    default: 'applied',
    help: [
      `${listChoices(ENGINE_SETTINGS.own_updates.values)}: whether the engine counts the webhook's own`,
      'variable updates as changes of the next event (its delta, and `changed`)',
    ],
  }),
};

export const ENGINE_FILTER_OPTIONS = {
  'engine-empty-delta': defineChoice({
    value: 'HOW',
    choices: ENGINE_SETTINGS.empty_delta.values,
    default: 'sent',
    help: [
      `${listChoices(ENGINE_SETTINGS.empty_delta.values)}: whether keys_to_ignore filters an event`,
      'whose delta is empty',
    ],
  }),
  'engine-later-filter': defineChoice({
    value: 'HOW',
    choices: ENGINE_SETTINGS.later_filter.values,
    default: 'replaces',
    help: [
      `${listChoices(ENGINE_SETTINGS.later_filter.values)}: whether a response's event_filter`,
      "replaces the session's filter or adds to it",
    ],
  }),
};

/** The engine model of the three options' values. */
export function readEngineOptions(values: {
  'engine-own-updates': EngineModel['ownUpdates'];
  'engine-empty-delta': EngineModel['emptyDelta'];
  'engine-later-filter': EngineModel['laterFilter'];
}): EngineModel {
  return {
    ownUpdates: values['engine-own-updates'],
    emptyDelta: values['engine-empty-delta'],
    laterFilter: values['engine-later-filter'],
  };
}
