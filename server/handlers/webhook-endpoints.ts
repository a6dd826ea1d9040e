/**
 * /webhooks and /webhooks/{webhook_id} (+ /secret_rotations) — scope manage_webhooks. An endpoint's URL is checked
 * against the environment's policy when it is set (url-policy.ts: scheme, credentials, an address literal) and again,
 * on the resolved address, at every delivery (send.ts). Creations and rotations answer the signing secret once; it is
 * derived, never stored (webhooks/secrets.ts, representation.ts).
 */
import { randomUUID } from 'node:crypto';
import { ok, okList } from '../contract/envelope.ts';
import { queryHandler, writeHandler, type Handler } from '../contract/operations.ts';
import { errors } from '../errors.ts';
import type { Environment } from '../domain.ts';
import type { WebhookEndpointRow } from '../store/webhook-types.ts';
import { secretReviver, toStoredEndpointWithSecret, toWebhookEndpoint } from '../webhooks/representation.ts';
import type { WebhookRuntime } from '../webhooks/runtime.ts';
import { ROTATION_OVERLAP_MS, secretRecord, type EndpointSecrets } from '../webhooks/secrets.ts';
import { resolveWebhookHost } from '../webhooks/send.ts';
import { checkWebhookUrl } from '../webhooks/url-policy.ts';
import { keyedCreate } from './keyed.ts';
import { pageOf } from './paging.ts';

/**
 * The URL's form, and where its host leads now: a name that resolves to an address we will never send to is refused
 * at once (the partner learns it now, not from failed deliveries). A name that does not resolve (yet) is accepted:
 * every delivery resolves and checks again (send.ts).
 */
async function checkUrl(rt: WebhookRuntime, environment: Environment, url: string): Promise<void> {
  const policy = rt.policy[environment];
  const problem = checkWebhookUrl(url, policy);
  if (problem) throw errors.webhookUrlNotAllowed(problem.message);
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const resolved = await resolveWebhookHost(host, policy, undefined, AbortSignal.timeout(REGISTRATION_LOOKUP_MS)).catch(
    () => null,
  );
  if (resolved && !resolved.ok && resolved.problem.reason !== 'unresolvable')
    throw errors.webhookUrlNotAllowed(resolved.problem.message);
}

/** How long a registration waits for the host's resolution before leaving the check to the deliveries. */
const REGISTRATION_LOOKUP_MS = 2_000;

/**
 * The endpoints' secrets, or 501 WEBHOOKS_NOT_CONFIGURED on a server without a signing key: every webhook POST
 * needs them (a secret to answer, or a delivery to sign), and only the operator's setting brings them.
 */
export function secretsOf(rt: WebhookRuntime): EndpointSecrets {
  if (!rt.secrets) throw errors.webhooksNotConfigured();
  return rt.secrets;
}

const locationOf = (basePath: string, id: string) => `${basePath}/webhooks/${id}`;

export const listWebhookEndpoints = queryHandler(
  'listWebhookEndpoints',
  { page: true, per_page: true },
  async (ctx) => {
    const page = pageOf(ctx.query);
    const r = await ctx.store.listWebhookEndpoints(ctx.principal.account_id, page);
    return okList(r.items.map(toWebhookEndpoint), page, r.total_count);
  },
);

export const getWebhookEndpoint: Handler<'getWebhookEndpoint'> = async (ctx) => {
  const row = await ctx.store.getWebhookEndpoint(ctx.principal.account_id, ctx.path.webhook_id);
  if (!row) throw errors.webhookNotFound();
  return ok(toWebhookEndpoint(row));
};

/**
 * The 201 of a creation or a rotation holds the secret; what is kept under the key holds its generation instead. A
 * replay on a server without the key (another instance recorded the 201) cannot derive it: 501 too.
 */
const reviveStored = (storedBody: string, webhooks: WebhookRuntime) => secretReviver(secretsOf(webhooks))(storedBody);

export const createWebhookEndpoint = writeHandler('createWebhookEndpoint', { reviveStored }, async (ctx) => {
  const secrets = secretsOf(ctx.webhooks);
  await checkUrl(ctx.webhooks, ctx.environment, ctx.body.url);
  const id = randomUUID();
  return (use) =>
    keyedCreate<'createWebhookEndpoint', WebhookEndpointRow>(ctx, use, async (tx) => {
      const row = await tx.createWebhookEndpoint(
        {
          id,
          account_id: ctx.principal.account_id,
          url: ctx.body.url,
          events: [...new Set(ctx.body.events)],
          description: ctx.body.description ?? null,
          ...secretRecord(secrets.secretOf(id, 1)),
          at: new Date(),
        },
        ctx.webhooks.maxEndpoints,
      );
      if (!row) throw errors.webhookLimitReached(ctx.webhooks.maxEndpoints);
      return { value: row, data: toStoredEndpointWithSecret(row), location: locationOf(ctx.basePath, row.id) };
    });
});

export const updateWebhookEndpoint: Handler<'updateWebhookEndpoint'> = async (ctx) => {
  if (ctx.body.url !== undefined) await checkUrl(ctx.webhooks, ctx.environment, ctx.body.url);
  const row = await ctx.store.updateWebhookEndpoint(
    ctx.principal.account_id,
    ctx.path.webhook_id,
    {
      url: ctx.body.url,
      events: ctx.body.events && [...new Set(ctx.body.events)],
      description: ctx.body.description,
      enabled: ctx.body.enabled,
    },
    new Date(),
  );
  if (!row) throw errors.webhookNotFound();
  return ok(toWebhookEndpoint(row));
};

export const deleteWebhookEndpoint: Handler<'deleteWebhookEndpoint'> = async (ctx) => {
  if (!(await ctx.store.deleteWebhookEndpoint(ctx.principal.account_id, ctx.path.webhook_id)))
    throw errors.webhookNotFound();
};

/** Tries this many times when another rotation of the same endpoint commits in between (compare-and-set). */
const ROTATION_TRIES = 3;

export const createWebhookSecretRotation = writeHandler(
  'createWebhookSecretRotation',
  { reviveStored },
  async (ctx) => {
    const secrets = secretsOf(ctx.webhooks);
    const account = ctx.principal.account_id;
    return async (use) => {
      for (let tries = 1; ; tries++) {
        const current = await ctx.store.getWebhookEndpoint(account, ctx.path.webhook_id);
        if (!current) throw errors.webhookNotFound();
        const generation = current.secret_generation + 1;
        try {
          return await keyedCreate<'createWebhookSecretRotation', WebhookEndpointRow>(ctx, use, async (tx) => {
            const at = new Date();
            const row = await tx.rotateWebhookSecret(account, current.id, {
              generation,
              ...secretRecord(secrets.secretOf(current.id, generation)),
              previous_secret_expires_at: new Date(at.getTime() + ROTATION_OVERLAP_MS),
              at,
            });
            if (!row) throw new RotationRaced();
            return { value: row, data: toStoredEndpointWithSecret(row), location: locationOf(ctx.basePath, row.id) };
          });
        } catch (e) {
          if (!(e instanceof RotationRaced) || tries >= ROTATION_TRIES)
            throw e instanceof RotationRaced ? errors.idempotencyKeyInUse() : e;
        }
      }
    };
  },
);

/** Another rotation (or a deletion) of the endpoint committed first: nothing was written; read it again. */
class RotationRaced extends Error {}
