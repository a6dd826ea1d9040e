/**
 * `require` from express-openapi-validator's own location: it reaches the very module instances the validator loads,
 * whose exports route-regexp-cache.ts and validator-spec-check.ts replace.
 */
import { createRequire } from 'node:module';

export const requireFromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
