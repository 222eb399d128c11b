import { RULE_LIMITS } from '../limits';
import { formatCount } from '../../terminal/format-count';
import { parseTemplate } from '../template';
import { report, type CheckContext } from './check-context';
import { forEachTemplate } from './walk';

/**
 * Templates stay within the length and placeholder limits: each is rendered on
 * every event its rule fires on, and compiled into the rule's program at load time.
 */
export function checkTemplateSize(context: CheckContext): void {
  forEachTemplate(context.root, (value, path) => {
    if (typeof value !== 'string') return;
    if (value.length > RULE_LIMITS.templateLength) {
      const message = `this text is ${formatCount(value.length)} characters long; a template may have at most ${formatCount(RULE_LIMITS.templateLength)}`;
      report(context, 'TEMPLATE_TOO_LARGE', message, context.locate(path));
      return;
    }
    const placeholders = parseTemplate(value).parts.filter((part) => typeof part !== 'string').length;
    if (placeholders > RULE_LIMITS.templatePlaceholders) {
      const message = `this template has ${formatCount(placeholders)} placeholders (\${...}); at most ${formatCount(RULE_LIMITS.templatePlaceholders)} are allowed`;
      report(context, 'TEMPLATE_TOO_LARGE', message, context.locate(path));
    }
  });
}
