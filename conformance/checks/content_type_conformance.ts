/** content_type_conformance: the Content-Type is a media type the operation documents for that status (application/json). */
import { mediaType, type ResponseCheck } from './types.ts';

export const contentTypeConformance: ResponseCheck = {
  name: 'content_type_conformance',
  run({ op, response, expect }) {
    const documented = op.responses.get(response.status) ?? op.responses.get(expect?.status ?? 200);
    // A response documented without content (204): no body, hence no Content-Type, is what the contract says.
    if (documented && documented.mediaTypes.length === 0 && response.status === documented.status) {
      return response.text === ''
        ? []
        : [
            {
              message: `a ${response.status} with a body (${response.text.slice(0, 60)})`,
              documented: `${response.status} without content`,
            },
          ];
    }
    const types = documented?.mediaTypes ?? ['application/json'];
    const got = mediaType(response.headers['content-type']);
    if (types.includes(got)) return [];
    return [
      { message: `Content-Type is '${response.headers['content-type'] ?? '(none)'}'`, documented: types.join(' or ') },
    ];
  },
};
