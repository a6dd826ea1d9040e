/** Name-based UUIDs (RFC 9562 version 5: SHA-1 of a namespace and a name), for stable ids of fixed records. */
import { createHash } from 'node:crypto';

/** Our namespace for v5 ids (a random UUID, fixed forever). */
const NAMESPACE = '0b7c3f52-5f0e-4f8c-9a51-3c9a2c8e6d17';

export function uuidV5(name: string, namespace = NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const h = hash.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
