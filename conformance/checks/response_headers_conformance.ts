/**
 * response_headers_conformance: the headers the contract documents for that status — X-Request-Id always (and,
 * against a real implementation, the client's own id echoed when it is a sane token, a new one otherwise); WWW-Authenticate on 401 (realm, and
 * error="invalid_token" for invalid, revoked, expired, disabled keys) and on INSUFFICIENT_SCOPE with the scope
 * named; Allow on 405 listing the path's method (and HEAD with GET); Retry-After on 429 and 503. Optional documented headers, when present, must
 * match their schema.
 */
import { errorOf, type Problem, type ResponseCheck } from './types.ts';

/** A client X-Request-Id the server must echo; any other is replaced by a new one. */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;
const INVALID_TOKEN = ['INVALID_CREDENTIALS', 'TOKEN_REVOKED', 'TOKEN_EXPIRED', 'TOKEN_DISABLED'];

export const responseHeadersConformance: ResponseCheck = {
  name: 'response_headers_conformance',
  run({ op, request, response, schemas, semantics }) {
    const out: Problem[] = [];
    const h = response.headers;
    for (const header of op.responses.get(response.status)?.headers ?? []) {
      const value = h[header.name.toLowerCase()];
      if (value === undefined) {
        if (header.required)
          out.push({ message: `no ${header.name} header`, documented: `${header.name} on ${response.status}` });
        continue;
      }
      const bad = schemas.validate(header.schemaPointer, value);
      if (bad.length)
        out.push({
          message: `${header.name}: ${JSON.stringify(value)} ${bad[0]!.message}`,
          documented: `${header.name} per its schema`,
        });
    }
    const sentId = request.headers['x-request-id'];
    const gotId = h['x-request-id'];
    if (semantics && sentId && gotId !== undefined) {
      if (SANE_ID.test(sentId) && gotId !== sentId) {
        out.push({
          message: `X-Request-Id is '${gotId}', not the client's '${sentId}'`,
          documented: 'the client X-Request-Id echoed',
        });
      } else if (!SANE_ID.test(sentId) && gotId === sentId) {
        out.push({
          message: `X-Request-Id echoes the client's unusable '${sentId}'`,
          documented: "a new id when the client's is not [A-Za-z0-9._-]{1,128}",
        });
      }
    }
    const code = errorOf(response.body)?.code;
    const www = h['www-authenticate'] ?? '';
    if (response.status === 401) {
      if (!/realm="partner-api"/.test(www))
        out.push({ message: `WWW-Authenticate is '${www}'`, documented: 'Bearer realm="partner-api"' });
      if (typeof code === 'string' && INVALID_TOKEN.includes(code) && !/error="invalid_token"/.test(www)) {
        out.push({ message: `WWW-Authenticate '${www}' on ${code}`, documented: 'error="invalid_token"' });
      }
    }
    if (response.status === 403 && code === 'INSUFFICIENT_SCOPE') {
      const want = `Bearer error="insufficient_scope", scope="${op.scope ?? ''}"`;
      if (
        !/^Bearer /.test(www) ||
        !www.includes('error="insufficient_scope"') ||
        !www.includes(`scope="${op.scope ?? ''}"`)
      ) {
        out.push({ message: `WWW-Authenticate is '${www}' on INSUFFICIENT_SCOPE`, documented: want });
      }
    }
    // The path's method, and HEAD wherever GET is (answered like GET, RFC 9110 §9.3.2).
    const allowed = op.method === 'GET' ? ['GET', 'HEAD'] : [op.method];
    const allow = (h.allow ?? '').split(',').map((m) => m.trim().toUpperCase());
    if (response.status === 405 && allowed.some((m) => !allow.includes(m))) {
      out.push({ message: `Allow is '${h.allow ?? ''}'`, documented: `Allow: ${allowed.join(', ')}` });
    }
    if ((response.status === 429 || response.status === 503) && !/^\d+$/.test(h['retry-after'] ?? '')) {
      out.push({ message: `Retry-After is '${h['retry-after'] ?? ''}'`, documented: 'Retry-After: <seconds>' });
    }
    return out;
  },
};
