/**
 * What webhooks need at run time, built once at start from the configuration: the endpoints' secrets (from the
 * signing key) and the URL policy of each environment (url-policy.ts). Handlers get it in their context; the
 * delivery worker is built from it too (server.ts).
 */
import type { Config } from '../config.ts';
import type { Environment } from '../domain.ts';
import { endpointSecrets, signingKeyFrom, signingKeyInDataDir, type EndpointSecrets } from './secrets.ts';
import { webhookUrlPolicy, type UrlPolicy } from './url-policy.ts';

export interface WebhookRuntime {
  /** Null when this server has no signing key (PostgreSQL without WEBHOOK_SIGNING_KEY): no endpoint can be created. */
  secrets: EndpointSecrets | null;
  policy: Record<Environment, UrlPolicy>;
  /** The most endpoints an account may have (contract: 16). */
  maxEndpoints: number;
}

export const MAX_ENDPOINTS = 16;

export function webhookRuntime(config: Pick<Config, 'webhooks' | 'databaseUrl' | 'dataDir'>): WebhookRuntime {
  const { signingKey, allowPrivate } = config.webhooks;
  const key = signingKey ? signingKeyFrom(signingKey) : config.databaseUrl ? null : signingKeyInDataDir(config.dataDir);
  return {
    secrets: key ? endpointSecrets(key) : null,
    policy: {
      production: webhookUrlPolicy('production', allowPrivate),
      sandbox: webhookUrlPolicy('sandbox', allowPrivate),
    },
    maxEndpoints: MAX_ENDPOINTS,
  };
}
