/** secret_not_echoed: the API key sent is never repeated in a response body or header. */
import type { ResponseCheck } from './types.ts';

export const secretNotEchoed: ResponseCheck = {
  name: 'secret_not_echoed',
  run({ request, response }) {
    const secret = /^Bearer\s+(\S{12,})$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!secret) return [];
    const where = response.text.includes(secret)
      ? 'body'
      : Object.values(response.headers).some((v) => v.includes(secret))
        ? 'headers'
        : null;
    return where
      ? [{ message: `the response ${where} repeats the API key that was sent`, documented: 'secrets are never echoed' }]
      : [];
  },
};
