/** Reading the bundled contract: JSON pointers and `$ref` resolution (the runner does not depend on test helpers). */
import { loadBundle } from '../contract-schemas.ts';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const unescape = (p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~');
export const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export class Bundle {
  constructor(readonly doc: JsonObject = loadBundle() as JsonObject) {}

  /** The node at a JSON pointer such as `#/components/schemas/Money`. */
  at(pointer: string): Json {
    let cur: Json = this.doc;
    for (const part of pointer
      .replace(/^#\/?/, '')
      .split('/')
      .filter((p) => p !== '')) {
      if (!isObject(cur) && !Array.isArray(cur)) throw new Error(`no node at ${pointer}`);
      const next: Json | undefined = Array.isArray(cur) ? cur[Number(part)] : cur[unescape(part)];
      if (next === undefined) throw new Error(`no node at ${pointer}`);
      cur = next;
    }
    return cur;
  }

  /** Follows `$ref`s from a pointer; returns the final node and its own pointer. */
  resolve(pointer: string): { node: JsonObject; pointer: string } {
    let ptr = pointer;
    for (let i = 0; i < 20; i++) {
      const node = this.at(ptr);
      if (!isObject(node)) throw new Error(`${ptr} is not an object`);
      if (typeof node.$ref !== 'string') return { node, pointer: ptr };
      ptr = node.$ref;
    }
    throw new Error(`$ref loop at ${pointer}`);
  }
}
