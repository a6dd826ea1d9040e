/**
 * The diff engine of the breaking-change gate: Redocly CLI's `redocly diff` (experimental in @redocly/cli 2.x,
 * already a pinned devDependency, so no new package). Why it rather than a separate library (api-smart-diff,
 * openapi-diff …): it is the tool the contract is already linted and bundled with, it reads OpenAPI 3.1 natively,
 * it judges a schema change by where the schema is used (a property removed from a response is breaking, from a
 * request it is not), it follows $refs to the paths that use them, and it rates every change by the semver bump it
 * requires — `major` (breaking), `minor` (additive) or `patch` (documentation) — with the rule that decided it.
 * It is only a CLI (the diff is not exported by @redocly/openapi-core), so it runs as a child process with
 * `--format json`; the report format is versioned (`reportVersion`), and checked below.
 *
 * Our classification: `major` → breaking; `minor`, `patch` → non-breaking; any other impact (a future rating
 * this code does not know) is "unclassified" and counted as breaking, so the gate fails closed. One exception to
 * Redocly's rating: values added to a response enum the contract declares open (`x-open-enum: true`, such as
 * `ErrorCode`, whose description and the guide's Versioning promise new codes within v1, so clients must already
 * handle an unknown one) are additive, `minor`; adding values to any other response enum stays breaking. Likewise a
 * response schema that becomes a `oneOf` declared open (`x-open-union: true`) with the old schema among its
 * alternatives (openUnionHolding). A diff that
 * Redocly could only do partly (unresolved $refs: it then cannot tell a request from a response) is reported as
 * one unclassified change, also breaking.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeLocation, describeWhat } from './describe.ts';
import { mergeLabels, operationsReaching } from './usage.ts';

export type OpenApiDoc = Record<string, unknown>;

export interface ContractChange {
  breaking: boolean;
  /** The engine's rating: major / minor / patch, or anything else (then `unclassified`). */
  impact: string;
  unclassified: boolean;
  kind: string;
  /** Method, path and place in the operation, e.g. `GET /account response 200 body data.attributes.name`. */
  where: string;
  /** What changed, in the engine's words when a rule decided it. */
  what: string;
  rules: string[];
  /**
   * Every operation and webhook the change reaches (`GET /account`, `webhook transaction.failed`), in document order:
   * the engine reports a shared node once, where it first met it (`where`); usage.ts finds all the others.
   */
  affects: string[];
}

interface ReportValue {
  pointer: string;
  value?: unknown;
}
interface ReportChange {
  path: string;
  kind: string;
  impact: string;
  property?: string;
  verdicts: { ruleId: string; impact: string; message: string }[];
  base?: ReportValue;
  revision?: ReportValue;
}
interface Report {
  reportVersion: string;
  changes: ReportChange[];
}

const project = new URL('../../../', import.meta.url).pathname;
const CONFIG = new URL('./redocly-diff.yaml', import.meta.url).pathname;
const NON_BREAKING = new Set(['minor', 'patch']);
const UNRESOLVED = 'leave parts of the descriptions unresolved';

/** Runs `redocly diff base current` and classifies every change it reports. */
export function diffContracts(base: OpenApiDoc, current: OpenApiDoc, diffHeld = true): ContractChange[] {
  const dir = mkdtempSync(join(tmpdir(), 'contract-diff-'));
  try {
    writeFileSync(join(dir, 'base.json'), JSON.stringify(base));
    writeFileSync(join(dir, 'current.json'), JSON.stringify(current));
    const args = ['diff', 'base.json', 'current.json', '--config', CONFIG, '--lint-config', 'off', '--fail-on', 'none'];
    const r = spawnSync(
      join(project, 'node_modules/.bin/redocly'),
      [...args, '--format', 'json', '--output', 'report.json'],
      {
        cwd: dir, // not the project: its redocly.yaml (lint rules) must not be picked up
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      },
    );
    if (r.status !== 0) throw new Error(`redocly diff failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
    if (report.reportVersion !== '1') throw new Error(`redocly diff: unknown report version ${report.reportVersion}`);
    const changes = report.changes.map((c) => classify(c, base, current));
    const held = new Map<string, string>();
    // Where operations and webhooks use a union (not its component's own entry), once per held schema, one level
    // deep: the held schema's own diff does not look for unions again.
    for (const c of diffHeld ? report.changes.filter((r) => /^#\/(paths|webhooks)\//.test(r.path)) : []) {
      const ref = openUnionHolding(c, base, current);
      if (ref && !held.has(ref)) held.set(ref, describeLocation(c.path, current));
    }
    for (const [ref, where] of held) changes.push(...heldSchemaChanges(base, current, ref, where));
    if (`${r.stdout}${r.stderr}`.includes(UNRESOLVED)) {
      changes.push({
        breaking: true,
        impact: 'unknown',
        unclassified: true,
        kind: 'unresolved',
        where: 'document',
        rules: [],
        affects: [],
        what: 'redocly diff could not resolve every $ref, so changes there could not be rated',
      });
    }
    return changes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The node at a `#/a/b` pointer of a document, or undefined. */
function at(doc: OpenApiDoc, pointer: string): unknown {
  let node: unknown = doc;
  for (const part of pointer
    .replace(/^#\//, '')
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Only values added to an enum whose schema says `x-open-enum: true` (the pointer is the component's, via $refs). */
function isOpenEnumAddition(c: ReportChange, current: OpenApiDoc): boolean {
  const pointer = c.revision?.pointer;
  if (
    c.verdicts.length === 0 ||
    !c.verdicts.every((v) => v.ruleId === 'enum-values-added') ||
    !pointer?.endsWith('/enum')
  )
    return false;
  const schema = at(current, pointer.slice(0, -'/enum'.length));
  return typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>)['x-open-enum'] === true;
}

/**
 * A response schema that became a union still holding what it was: the node at the change's place is, in the
 * current document, a `oneOf` the contract declares open (`x-open-union: true`, such as a webhook event's `data`,
 * whose event `type` is an open enum: clients already skip a type they do not know) with the base's `$ref` among its
 * alternatives. Only the union's own changes count (its type, its required list, its properties now being the
 * alternatives'): a change inside the old schema is reported deeper, and judged as any other.
 */
function openUnionHolding(c: ReportChange, base: OpenApiDoc, current: OpenApiDoc): string | null {
  const parts = c.path.replace(/^#\//, '').split('/');
  for (let i = parts.length; i >= Math.max(1, parts.length - 1); i--) {
    const prefix = parts.slice(0, i);
    const now = resolvedAt(current, prefix);
    if (!isObject(now.node) || now.node['x-open-union'] !== true || !Array.isArray(now.node['oneOf'])) continue;
    const before = resolvedAt(base, prefix).raw;
    const ref = isObject(before) ? before['$ref'] : undefined;
    if (typeof ref !== 'string') return null;
    const own = (p: string | undefined) => p === undefined || p === now.pointer || p.startsWith(`${now.pointer}/oneOf`);
    const oldSelf = (p: string | undefined) => p === undefined || /^[^/]+$/.test(p.slice(ref.length + 1));
    const holds =
      (now.node['oneOf'] as unknown[]).some((a) => isObject(a) && a['$ref'] === ref) &&
      own(c.revision?.pointer) &&
      (c.base?.pointer === undefined || (c.base.pointer.startsWith(`${ref}/`) && oldSelf(c.base.pointer)));
    return holds ? ref : null;
  }
  return null;
}

/**
 * Redocly compares a union with the schema it replaced, not the alternative it holds with that schema as it was: the
 * held schema (`ref`, a component) is diffed here on its own, as the body of a response, base against current — a
 * change in it that breaks is breaking wherever the union is.
 */
function heldSchemaChanges(base: OpenApiDoc, current: OpenApiDoc, ref: string, where: string): ContractChange[] {
  const alone = (doc: OpenApiDoc): OpenApiDoc => ({
    openapi: doc['openapi'],
    info: doc['info'],
    paths: {
      '/held': {
        get: {
          responses: {
            '200': { description: 'held', content: { 'application/json': { schema: { $ref: ref } } } },
          },
        },
      },
    },
    components: doc['components'],
  });
  return diffContracts(alone(base), alone(current), false)
    .filter((c) => c.breaking)
    .map((c) => ({
      ...c,
      where: `${where} (its alternative ${[ref.split('/').at(-1), c.where.replace(/^GET \/held response 200 body ?/, '')].filter(Boolean).join(': ')})`,
      affects: [],
    }));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The node at a path of a document, following every $ref on the way: as written there (raw) and resolved. */
function resolvedAt(doc: OpenApiDoc, parts: string[]): { raw: unknown; node: unknown; pointer: string } {
  let node: unknown = doc;
  let raw: unknown = doc;
  let pointer = '#';
  const follow = () => {
    for (let hops = 0; isObject(node) && typeof node['$ref'] === 'string' && hops < 16; hops++) {
      pointer = node['$ref'];
      node = at(doc, pointer);
    }
  };
  for (const part of parts.map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    follow();
    if (!isObject(node)) return { raw: undefined, node: undefined, pointer };
    raw = node = node[part];
    pointer = `${pointer}/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }
  follow();
  return { raw, node, pointer };
}

/** The operations and webhooks a change reaches: in the base for a removal, the current for an addition, else both. */
function affectedBy(c: ReportChange, base: OpenApiDoc, current: OpenApiDoc): string[] {
  if (c.kind === 'removed') return operationsReaching(base, c.path);
  if (c.kind === 'added') return operationsReaching(current, c.path);
  return mergeLabels(operationsReaching(base, c.path), operationsReaching(current, c.path));
}

function classify(c: ReportChange, base: OpenApiDoc, current: OpenApiDoc): ContractChange {
  const affects = affectedBy(c, base, current);
  if (isOpenEnumAddition(c, current)) {
    return {
      breaking: false,
      impact: 'minor',
      unclassified: false,
      kind: c.kind,
      where: describeLocation(c.path, current),
      what: `${describeWhat(c)} The enum is open (x-open-enum): clients handle unknown values.`,
      rules: c.verdicts.map((v) => v.ruleId),
      affects,
    };
  }
  if (openUnionHolding(c, base, current)) {
    return {
      breaking: false,
      impact: 'minor',
      unclassified: false,
      kind: c.kind,
      where: describeLocation(c.path, c.kind === 'removed' ? base : current),
      what: `${describeWhat(c).replace(/(?<![.!])$/, '.')} The schema is now an open union (x-open-union) that still holds the old one: clients skip a kind they do not know.`,
      rules: c.verdicts.map((v) => v.ruleId),
      affects,
    };
  }
  const unclassified = !NON_BREAKING.has(c.impact) && c.impact !== 'major';
  // A removed node is looked up in the base, anything else in the current document.
  const doc = c.kind === 'removed' ? base : current;
  return {
    breaking: !NON_BREAKING.has(c.impact),
    impact: c.impact,
    unclassified,
    kind: c.kind,
    where: describeLocation(c.path, doc),
    what: describeWhat(c),
    rules: c.verdicts.map((v) => v.ruleId),
    affects,
  };
}

export const breakingChanges = (changes: ContractChange[]) => changes.filter((c) => c.breaking);
export const nonBreakingChanges = (changes: ContractChange[]) => changes.filter((c) => !c.breaking);

/**
 * Every operation and webhook a change reaches, in words (`reaches 2 operations (GET /items, GET /items/{id}) and
 * 1 webhook (item.created)`), or '' when that is only the operation its location already names.
 */
export function affectsText(c: ContractChange): string {
  if (c.affects.length === 0) return '';
  if (c.affects.length === 1 && (c.where === c.affects[0] || c.where.startsWith(`${c.affects[0]!} `))) return '';
  const operations = c.affects.filter((a) => !a.startsWith('webhook '));
  const webhooks = c.affects.filter((a) => a.startsWith('webhook ')).map((a) => a.slice('webhook '.length));
  const count = (n: number, noun: string, names: string[]) => `${n} ${noun}${n === 1 ? '' : 's'} (${names.join(', ')})`;
  const parts = [
    ...(operations.length ? [count(operations.length, 'operation', operations)] : []),
    ...(webhooks.length ? [count(webhooks.length, 'webhook', webhooks)] : []),
  ];
  return `reaches ${parts.join(' and ')}`;
}

/**
 * A change: `[breaking] GET /account response 200 body …: Property … was removed.`, and on a second line (after
 * `indent`) every operation and webhook it reaches when that is more than its location names.
 */
export function formatChange(c: ContractChange, indent = '      '): string {
  const label = c.unclassified
    ? `unclassified (${c.impact}), counted as breaking`
    : c.breaking
      ? 'breaking'
      : `non-breaking, ${c.impact}`;
  const affects = affectsText(c);
  return `[${label}] ${c.where}: ${c.what}${c.rules.length ? ` (${c.rules.join(', ')})` : ''}${affects ? `\n${indent}${affects}` : ''}`;
}
