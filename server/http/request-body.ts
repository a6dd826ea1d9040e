/**
 * The JSON body of a write operation: `Content-Type: application/json` (charset utf-8 if any), at most
 * MAX_BODY_BYTES, one JSON object — parsed by Express's own parser (body-parser), its refusals turned into ours
 * (400 INVALID_PARAMETER naming `Content-Type` or `body`, in words). The members are validated against the contract
 * afterwards by the validator (http/validator-errors.ts names each by its JSON pointer).
 */
import express, { type Request, type Response } from 'express';
import { errors } from '../errors.ts';
import { runMiddleware } from './run-middleware.ts';

/** No request of the contract comes near: the largest is a few hundred bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

const JSON_MEDIA_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
const parseJson = express.json({ limit: MAX_BODY_BYTES, strict: true, type: () => true });

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
    throw errors.invalidParameter('body', 'must be one JSON object, such as {"phone_number": "08031234567", "amount": "500.00"}');
  }
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
    throw errors.invalidParameter('body', 'must be one JSON object, such as {"phone_number": "08031234567", "amount": "500.00"}');
  }
}
