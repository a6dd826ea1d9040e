/** Public operations (no security requirement, e.g. GET /health): 200 without a key, and any key sent is ignored. */
import type { CaseDef, Who } from '../context.ts';
import type { Contract } from '../contract/operations.ts';
import { otherEnvironment, type Role } from '../model.ts';
import { randomKey } from './common.ts';

export function publicCases(contract: Contract): CaseDef[] {
  const variants: { name: string; who: (t: { env: 'sandbox' | 'production' }) => Who; needs?: Role[] }[] = [
    { name: 'without a key', who: () => 'none' },
    { name: 'with a junk key', who: () => ({ authorization: 'Bearer junk', label: 'junk key' }) },
    {
      name: "with a key of the other environment's shape",
      who: (t) => ({ authorization: `Bearer ${randomKey(otherEnvironment(t.env))}`, label: 'other-environment key' }),
    },
    { name: 'with a revoked key', who: () => 'revoked', needs: ['revoked'] },
  ];
  return contract.operations
    .filter((op) => !op.scope)
    .flatMap((op) =>
      variants.map((v): CaseDef => ({
        id: `public.${op.operationId}.${v.name.replace(/[^A-Za-z0-9]+/g, '_')}`,
        group: 'public',
        operationId: op.operationId,
        title: `${op.path} is public: 200 ${v.name}`,
        ...(v.needs ? { needs: v.needs } : {}),
        async run(t) {
          await t.send({}, v.who(t.target), { status: 200 });
        },
      })),
    );
}
