/** Who is calling: the key that authenticated a request to a key-guarded operation (server/auth/authenticate.ts). */
import type { Environment, Scope } from '../domain.ts';

export interface Principal {
  key_id: string;
  account_id: string;
  environment: Environment;
  scopes: Scope[];
}
