/**
 * location_conformance: a 201 names where its transaction can be read again — `Location` is the absolute path
 * `<base path>/account/transactions/<id>` of the transaction in the body (the case then reads it: lookup_conformance).
 */
import type { RecordedResponse } from '../model.ts';
import { isRecord, type Problem } from './types.ts';

export function locationConformance(
  created: RecordedResponse,
  basePath: string,
  collection = '/account/transactions',
): Problem[] {
  const id = isRecord(created.body) && isRecord(created.body.data) ? created.body.data.id : undefined;
  const want = `${basePath}${collection}/${String(id)}`;
  const got = created.headers.location;
  if (got === undefined) return [{ message: 'the 201 has no Location header', documented: `Location: ${want}` }];
  return got === want ? [] : [{ message: `Location is ${got}`, documented: `Location: ${want}` }];
}
