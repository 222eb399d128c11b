import type { FieldViolation } from '../wire/status';
import type { HttpRoute } from './http-routes';

/**
 * What a binding without a body (GET, DELETE: `google.api.http` with no `body`) refuses rather than drop:
 * a body that carries anything (an empty one, blanks or `{}` carry nothing), and a map field in the query,
 * which `google.api.http` cannot bind to query parameters (EndIVRSession's `custom_data` on DELETE). Each
 * refusal says where the fields go instead; undefined when the request is one the binding takes whole.
 */
export function refuseUnboundFields(
  route: HttpRoute,
  query: URLSearchParams,
  body: unknown,
): { message: string; violations: FieldViolation[] } | undefined {
  if (route.binding.body !== undefined) return undefined;
  const where = `${route.binding.verb} ${route.binding.template}`;
  const instead = describeBodyBinding(route);
  if (!isEmptyBody(body))
    return {
      message: `${where} takes no body: its fields come from the path and the query string${instead}`,
      violations: [],
    };
  const type = route.method.binding.requestType;
  const maps = [...new Set([...query.keys()].map((key) => key.split('.')[0]!))].filter(
    (name) => type.fields[name]?.map === true,
  );
  if (maps.length === 0) return undefined;
  const message = (name: string) => `${name} is a map, which a query string cannot carry${instead}`;
  return {
    message: maps.map(message).join('; '),
    violations: maps.map((field) => ({ field, description: message(field) })),
  };
}

/** No body at all, blanks, or a JSON object without fields: nothing a binding without a body would drop. */
function isEmptyBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
}

/** The method's binding that takes a body, as the way to send what this one cannot; '' when it has none. */
function describeBodyBinding(route: HttpRoute): string {
  const other = route.method.binding.http.find((binding) => binding.body !== undefined);
  return other === undefined ? '' : `: send it to ${other.verb} ${other.template}, in its JSON body`;
}
