/**
 * What the contract says about the sandbox: its base path (the `servers` entry described as the sandbox) and its
 * scenarios — the magic values of `info.x-sandbox-scenarios` that make the biller tell a chosen story. The suite
 * reads both from the bundle, never from a copy, so the purchase cases follow the contract as it changes.
 */
import { isObject, type Bundle, type Json } from './bundle.ts';

export type ScenarioOutcome = 'successful' | 'pending' | 'found' | 'not_found';
export type ScenarioThen = 'successful' | 'failed' | 'reversed' | null;

export interface SandboxScenario {
  name: string;
  /** An operationId: a purchase (body members) or a verification (path parameters). */
  operation: string;
  when: Record<string, string>;
  outcome: ScenarioOutcome;
  then: ScenarioThen;
  after_seconds: number | null;
  /**
   * A drill's events: the `product.*` types about the product bought that the purchasing account's endpoints receive
   * when the purchase reaches `outcome`, and when it reaches `then`. Absent on the other scenarios.
   */
  events?: { outcome: string[]; then: string[] };
}

const OUTCOMES: readonly string[] = ['successful', 'pending', 'found', 'not_found'];
const THENS: readonly (string | null)[] = ['successful', 'failed', 'reversed', null];

/** The scenarios of the contract; a malformed entry throws (the suite cannot judge a story it cannot read). */
export function sandboxScenarios(bundle: Bundle, operationIds: readonly string[]): SandboxScenario[] {
  const info = bundle.at('#/info');
  const list = isObject(info) ? info['x-sandbox-scenarios'] : undefined;
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Error('info.x-sandbox-scenarios is not a list');
  return list.map((entry, i) => scenario(entry, i, operationIds));
}

function scenario(e: Json, i: number, operationIds: readonly string[]): SandboxScenario {
  const bad = (why: string): never => {
    throw new Error(`info.x-sandbox-scenarios[${i}]: ${why}`);
  };
  if (!isObject(e)) return bad('not an object');
  const { name, operation, when, outcome, then, after_seconds, events } = e;
  if (typeof name !== 'string' || !/^[a-z0-9_]+$/.test(name)) bad(`name ${JSON.stringify(name)} is not snake_case`);
  if (typeof operation !== 'string' || !operationIds.includes(operation))
    bad(`operation ${JSON.stringify(operation)} is no operationId`);
  if (!isObject(when) || Object.keys(when).length === 0 || Object.values(when).some((v) => typeof v !== 'string'))
    bad('when is not { member: "value" }');
  if (typeof outcome !== 'string' || !OUTCOMES.includes(outcome)) bad(`outcome ${JSON.stringify(outcome)}`);
  if (!THENS.includes(then as string | null)) bad(`then ${JSON.stringify(then)}`);
  if (after_seconds !== null && (typeof after_seconds !== 'number' || !(after_seconds >= 0)))
    bad(`after_seconds ${JSON.stringify(after_seconds)}`);
  if ((then === null) !== (after_seconds === null)) bad('then and after_seconds are null together or not at all');
  const typesAt = (at: 'outcome' | 'then'): string[] => {
    const list = isObject(events) ? events[at] : undefined;
    if (list === undefined) return [];
    if (!Array.isArray(list) || list.some((v) => typeof v !== 'string'))
      return bad(`events.${at} is not a list of types`);
    return list as string[];
  };
  if (events !== undefined && !isObject(events)) bad('events is not { outcome: [types], then: [types] }');
  return {
    ...(events === undefined ? {} : { events: { outcome: typesAt('outcome'), then: typesAt('then') } }),
    name: name as string,
    operation: operation as string,
    when: when as Record<string, string>,
    outcome: outcome as ScenarioOutcome,
    then: then as ScenarioThen,
    after_seconds: after_seconds as number | null,
  };
}

/**
 * The path of the contract's sandbox server (`/api/partners/sandbox/v1`), or null when the contract names none: the
 * first server whose description begins with "Sandbox", its URL's variables (if any) at their default. A templated
 * server (the hosted API's `{base_path}`) does not say which of its values is the sandbox in a form to rely on for
 * writes, so only a server described as the sandbox counts.
 */
export function sandboxBasePath(bundle: Bundle): string | null {
  const servers = bundle.doc.servers;
  if (!Array.isArray(servers)) return null;
  for (const s of servers) {
    if (!isObject(s) || typeof s.url !== 'string' || typeof s.description !== 'string') continue;
    if (!/^sandbox\b/i.test(s.description.trim())) continue;
    const variables = isObject(s.variables) ? s.variables : {};
    const url = s.url.replace(/\{([^}]+)\}/g, (m, name: string) => {
      const v = variables[name];
      return isObject(v) && typeof v.default === 'string' ? v.default : m;
    });
    try {
      return new URL(url, 'http://relative.invalid').pathname.replace(/\/+$/, '');
    } catch {
      return null;
    }
  }
  return null;
}
