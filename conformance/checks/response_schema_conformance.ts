/** response_schema_conformance: the body validates (AJV, JSON Schema 2020-12) against the operation's schema for that status. */
import type { ResponseCheck } from './types.ts';

export const responseSchemaConformance: ResponseCheck = {
  name: 'response_schema_conformance',
  run({ op, response, schemas }) {
    const pointer = op.responses.get(response.status)?.schemaPointer;
    if (!pointer || !response.isJson) return []; // undocumented status / not JSON: other checks say so
    const problems = schemas.validate(pointer, response.body);
    if (problems.length === 0) return [];
    const shown = problems
      .slice(0, 5)
      .map((p) => `${p.path} ${p.message}`)
      .join('; ');
    const more = problems.length > 5 ? ` (+${problems.length - 5} more)` : '';
    return [
      {
        message: `the body does not match the schema: ${shown}${more}`,
        documented: `schema ${pointer.replace(/^#/, '')}`,
      },
    ];
  },
};
