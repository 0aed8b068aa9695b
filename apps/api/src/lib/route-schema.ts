import { errorEnvelope } from '@storyloom/shared';

/** The OpenAPI `security` of a route that needs a bearer token. */
export const bearer = [{ bearer: [] }];

/** A route's error answers for its `schema.response`: each status answers the error envelope. */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): { [K in S]: typeof errorEnvelope } {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelope])) as {
    [K in S]: typeof errorEnvelope;
  };
}
