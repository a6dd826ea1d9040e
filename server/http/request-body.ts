/**
 * The JSON body of a write operation: `Content-Type: application/json` (charset utf-8 if any), at most
 * MAX_BODY_BYTES, one JSON object whose members are each given once — parsed by Express's own parser (body-parser),
 * its refusals turned into ours (400 INVALID_PARAMETER naming `Content-Type` or `body`, in words). The members are
 * validated against the contract afterwards by the validator (http/validator-errors.ts names each by its JSON pointer).
 */
import type { IncomingMessage } from 'node:http';
import express, { type Request, type Response } from 'express';
import { errors } from '../errors.ts';
import { runMiddleware } from './run-middleware.ts';

/** No request of the contract comes near: the largest is a few hundred bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

const JSON_MEDIA_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/** The bytes body-parser read, kept (by its `verify` hook) for the repeated-member check once they parsed. */
const rawBodies = new WeakMap<IncomingMessage, Buffer>();
const parseJson = express.json({
  limit: MAX_BODY_BYTES,
  strict: true,
  type: () => true,
  verify: (req, _res, buf) => {
    rawBodies.set(req, buf);
  },
});

const NOT_JSON = 'is not valid JSON (RFC 8259): send one JSON object holding the members of this request';

export async function readJsonBody(req: Request, res: Response): Promise<void> {
  const type = req.headers['content-type'];
  if (type === undefined || !JSON_MEDIA_TYPE.test(type.trim())) {
    throw errors.invalidParameter('Content-Type', 'must be application/json (the body is a JSON object)');
  }
  try {
    await runMiddleware(parseJson, req, res);
  } catch (err) {
    const kind = (err as { type?: string }).type;
    if (kind === 'entity.too.large') throw errors.invalidParameter('body', `must be at most ${MAX_BODY_BYTES} bytes`);
    if (kind === 'encoding.unsupported' || kind === 'charset.unsupported') {
      throw errors.invalidParameter('Content-Encoding', 'must be absent (identity) and the charset utf-8');
    }
    // body-parser refuses a JSON text that is not an object or array as it refuses one that is not JSON (a body of
    // whitespace only holds no JSON text: not JSON).
    const text = rawBodies.get(req)?.toString('utf8');
    if (text !== undefined && isJson(text)) throw notAnObject(jsonKindOf(JSON.parse(text) as JsonValue));
    throw errors.invalidParameter('body', NOT_JSON);
  }
  const raw = rawBodies.get(req);
  // No bytes at all: body-parser leaves req.body undefined without Content-Length or Transfer-Encoding, and reads
  // `{}` from `Content-Length: 0` or an empty chunked body; either way the partner sent no JSON object.
  if (raw === undefined || raw.length === 0) throw notAnObject('an empty body');
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))
    throw notAnObject(jsonKindOf(req.body as JsonValue));
  const repeated = firstRepeatedMember(raw.toString('utf8'));
  if (repeated !== null) {
    throw errors.invalidParameter(
      repeated,
      'is given more than once in its object: send each member once (parsers disagree on which value counts)',
    );
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

type JsonValue = null | boolean | number | string | JsonValue[] | { [name: string]: JsonValue };

/** What a JSON value is, in the words of a message: "a JSON array", "the JSON boolean true", "null"… */
export function jsonKindOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a JSON array';
  switch (typeof value) {
    case 'boolean':
      return `the JSON boolean ${value}`;
    case 'number':
      return 'a JSON number';
    case 'string':
      return 'a JSON string';
    default:
      return 'a JSON object';
  }
}

/** `what`: what came instead, in words ("an empty body", or jsonKindOf's). */
const notAnObject = (what: string) =>
  errors.invalidParameter('body', `must be one JSON object holding the members of this request, not ${what}`);

type Frame =
  { kind: 'object'; names: Set<string>; name: string; expectName: boolean } | { kind: 'array'; index: number };

const escapeToken = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The JSON pointer (RFC 6901) of the first member whose name its object already holds, at any depth, or null; for a
 * text JSON.parse has accepted. JSON.parse keeps the last of repeated members silently, and a proxy or another
 * parser that keeps the first would see another request than ours: `{"amount": "50.00", "amount": "50000.00"}`.
 *
 * Written here rather than taken from a library: the JSON parsers with a visitor that sees repeated names
 * (jsonc-parser, the one in node_modules) are lenient (comments, trailing commas) and recursive, so a body of
 * nested arrays within MAX_BODY_BYTES overflows their stack. This scan is one pass without recursion over a text
 * that is already valid JSON, so it only tracks strings, brackets and commas; each name is decoded by JSON.parse
 * itself, so two spellings of one name (`"a/b"`, `"a\u002fb"`) are one name, exactly as the body's parser sees them.
 */
export function firstRepeatedMember(json: string): string | null {
  const stack: Frame[] = [];
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '"') {
      let end = i + 1;
      while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      const top = stack.at(-1);
      if (top?.kind === 'object' && top.expectName) {
        const name = JSON.parse(json.slice(i, end + 1)) as string;
        if (top.names.has(name)) return pointerOf(stack, name);
        top.names.add(name);
        top.name = name;
        top.expectName = false;
      }
      i = end;
    } else if (c === '{') stack.push({ kind: 'object', names: new Set(), name: '', expectName: true });
    else if (c === '[') stack.push({ kind: 'array', index: 0 });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      const top = stack.at(-1);
      if (top?.kind === 'object') top.expectName = true;
      else if (top?.kind === 'array') top.index++;
    }
  }
  return null;
}

/** The pointer of member `name` of the innermost object of `stack`: each enclosing member's name or item's index. */
function pointerOf(stack: readonly Frame[], name: string): string {
  const tokens = stack.slice(0, -1).map((f) => (f.kind === 'object' ? escapeToken(f.name) : String(f.index)));
  return [...tokens, escapeToken(name)].map((t) => `/${t}`).join('');
}
