/**
 * The two receiver samples of the guide (info-description.md, "Verifying a delivery") work as printed. Each is taken
 * from the bundled contract and run the way a partner would run it — TypeScript through tsx (and type-checked),
 * Python with python3 — against deliveries signed by `standardwebhooks`' `Webhook.sign`, the Standard Webhooks
 * reference signer, not by code of ours. Every class of delivery is generated (fast-check) and must be answered as the
 * spec says: genuine, during a rotation, with an extra signature of another version, with header names in other
 * letter case → accepted, returning the body's event; body, id, timestamp or signature altered, a stale timestamp, a
 * wrong secret or version, a missing header → rejected. Mutants of the samples prove the check can fail.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { bundle, type JsonObject } from '../helpers/bundle.ts';
import { bin, projectRoot } from '../helpers/run.ts';

const guide = String((bundle.info as JsonObject).description);
/** The one fenced block of `lang` in the guide (a second one would make "the sample" ambiguous). */
function sample(lang: string): string {
  const blocks = [...guide.matchAll(new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```$', 'gm'))].map((m) => m[1]!);
  expect(blocks, `exactly one ${lang} block in the guide`).toHaveLength(1);
  return blocks[0]!;
}

const KINDS = {
  genuine: true,
  rotation: true,
  other_version_too: true,
  header_case: true,
  body_altered: false,
  id_altered: false,
  timestamp_altered: false,
  stale: false,
  signature_altered: false,
  wrong_secret: false,
  wrong_version: false,
  missing_header: false,
  bare_signature: false,
} as const;
type Kind = keyof typeof KINDS;
interface Delivery {
  kind: Kind;
  body: string;
  headers: Record<string, string>;
  secret: string;
}

const secretArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => `whsec_${Buffer.from(b).toString('base64')}`);
const text = fc.string({ unit: 'grapheme', maxLength: 40 });
/** Bodies as sent: an event-shaped object or any JSON, compact or indented (verification is over the raw text). */
const bodyArb = fc
  .tuple(
    fc.oneof(
      fc.record({
        id: fc.uuid(),
        type: fc.constantFrom('transaction.pending', 'transaction.failed'),
        created_at: text,
        data: fc.record({ description: text, amount: text }),
      }),
      fc.jsonValue(),
    ),
    fc.boolean(),
  )
  .map(([v, indent]) => JSON.stringify(v, null, indent ? 2 : undefined) ?? 'null');
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const sign = (secret: string, id: string, ts: number, body: string) =>
  new Webhook(secret).sign(id, new Date(ts * 1000), body);

function deliveryArb(kind: Kind, now: number): fc.Arbitrary<Delivery> {
  return fc
    .record({
      secret: secretArb,
      other: secretArb,
      id: fc.uuid(),
      otherId: fc.uuid(),
      body: bodyArb,
      // 60 s inside the 5-minute tolerance for a genuine delivery, 60 s beyond it for a stale one: the margin for the
      // time a loaded machine takes from signing to the sample's own reading of the clock.
      skew: fc.integer({ min: -240, max: 240 }),
      delta: fc.integer({ min: 1, max: 60 }),
      stale: fc.integer({ min: 360, max: 10_000_000 }),
      sign: fc.constantFrom(-1, 1),
      pos: fc.nat(),
      pick: fc.nat(),
    })
    .filter((r) => r.secret !== r.other && r.id !== r.otherId)
    .map((r) => {
      const ts = kind === 'stale' ? now + r.sign * r.stale : now + r.skew;
      const good = sign(r.secret, r.id, ts, r.body);
      const h: Record<string, string> = {
        'webhook-id': r.id,
        'webhook-timestamp': String(ts),
        'webhook-signature': good,
      };
      let body = r.body;
      const at = r.pos % (body.length + 1);
      if (kind === 'rotation')
        h['webhook-signature'] =
          r.sign > 0 ? `${sign(r.other, r.id, ts, r.body)} ${good}` : `${good} ${sign(r.other, r.id, ts, r.body)}`;
      if (kind === 'other_version_too') h['webhook-signature'] = `v1a,${good.slice(3)} ${good}`;
      if (kind === 'body_altered') body = r.pick % 2 ? body.slice(0, at) + ' ' + body.slice(at) : body + '\n';
      if (kind === 'id_altered') h['webhook-id'] = r.otherId;
      if (kind === 'timestamp_altered') h['webhook-timestamp'] = String(ts + r.sign * r.delta);
      if (kind === 'signature_altered') {
        const i = 3 + (r.pos % 43); // one of the 43 significant base64 characters after "v1,"
        const c = B64[(B64.indexOf(good[i]!) + 1 + (r.pick % 63)) % 64]!;
        h['webhook-signature'] = good.slice(0, i) + c + good.slice(i + 1);
      }
      if (kind === 'wrong_secret') h['webhook-signature'] = sign(r.other, r.id, ts, r.body);
      if (kind === 'wrong_version') h['webhook-signature'] = `v2,${good.slice(3)}`;
      if (kind === 'bare_signature') h['webhook-signature'] = good.slice(3);
      if (kind === 'missing_header') delete h[['webhook-id', 'webhook-timestamp', 'webhook-signature'][r.pick % 3]!];
      const recase = (k: string) => (r.pick % 2 ? k.toUpperCase() : k.replace(/(^|-)[a-z]/g, (m) => m.toUpperCase())); // WEBHOOK-ID, Webhook-Id
      const headers =
        kind === 'header_case' ? Object.fromEntries(Object.entries(h).map(([k, v]) => [recase(k), v])) : h;
      return { kind, body, headers, secret: r.secret };
    });
}

/**
 * Every kind of delivery, signed for `now`: the same deliveries on every call (fixed seeds), their timestamps
 * around the time of the call, so a sample run late in a loaded file judges them as one run at once would.
 */
const deliveriesAt = (now: number): Delivery[] =>
  (Object.keys(KINDS) as Kind[]).flatMap((kind, i) =>
    fc.sample(deliveryArb(kind, now), { numRuns: 12, seed: 4242 + i }),
  );

/** What a sample did with one delivery: accepted it, rejected it with its documented error, or failed otherwise. */
interface Verdict {
  accepted?: boolean;
  event?: string;
  reason?: string;
  crashed?: string;
}
const work = mkdtempSync(join(tmpdir(), 'wh-samples-'));
symlinkSync(join(projectRoot, 'node_modules'), join(work, 'node_modules'));
writeFileSync(join(work, 'package.json'), '{ "type": "module" }\n');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const TS_DRIVER = `import { readFileSync } from 'node:fs';
import { verifyDelivery } from './SAMPLE';
const cases = JSON.parse(readFileSync(0, 'utf8')) as { body: string; headers: Record<string, string>; secret: string }[];
process.stdout.write(JSON.stringify(cases.map((c) => {
  try { return { accepted: true, event: JSON.stringify(verifyDelivery(c.body, c.headers, c.secret)) }; }
  catch (e) { return (e as Error).name === 'WebhookVerificationError' ? { accepted: false, reason: (e as Error).message } : { crashed: String(e) }; }
})));
`;
const PY_DRIVER = `import json, sys
sys.path.insert(0, sys.argv[1])
sample = __import__(sys.argv[2])
out = []
for c in json.load(sys.stdin):
    try:
        out.append({"accepted": True, "event": json.dumps(sample.verify_delivery(c["body"].encode("utf-8"), c["headers"], c["secret"]))})
    except sample.InvalidDelivery as e:
        out.append({"accepted": False, "reason": str(e)})
    except Exception as e:
        out.append({"crashed": repr(e)})
print(json.dumps(out))
`;
let runs = 0;
/** Runs one version of a sample over the deliveries; throws with the process's output when it does not answer. */
/** What a sample did with each delivery, signed just before it runs: [delivery, verdict]. */
function verdicts(lang: 'typescript' | 'python', source: string): [Delivery, Verdict][] {
  const deliveries = deliveriesAt(Math.floor(Date.now() / 1000));
  const name = `sample_${++runs}`;
  const input = JSON.stringify(deliveries.map(({ body, headers, secret }) => ({ body, headers, secret })));
  const r =
    lang === 'typescript'
      ? (writeFileSync(join(work, `${name}.ts`), source),
        writeFileSync(join(work, `${name}-driver.ts`), TS_DRIVER.replace('SAMPLE', `${name}.ts`)),
        spawnSync(process.execPath, ['--import', 'tsx', `${name}-driver.ts`], {
          cwd: work,
          input,
          encoding: 'utf8',
          timeout: 120_000,
        }))
      : (writeFileSync(join(work, `${name}.py`), source),
        writeFileSync(join(work, 'driver.py'), PY_DRIVER),
        spawnSync('python3', [join(work, 'driver.py'), work, name], { input, encoding: 'utf8', timeout: 120_000 }));
  if (r.status !== 0) throw new Error(`${lang} sample did not run (exit ${r.status}): ${r.stderr}`);
  const got = JSON.parse(r.stdout) as Verdict[];
  return deliveries.map((d, i) => [d, got[i]!]);
}

/** The deliveries a version of a sample answered against the spec: [kind, what it did]. */
function disagreements(got: [Delivery, Verdict][]): [Kind, string][] {
  return got.flatMap(([d, v]): [Kind, string][] => {
    if (v.crashed !== undefined) return [[d.kind, `crashed: ${v.crashed}`]];
    if (v.accepted !== KINDS[d.kind]) return [[d.kind, v.accepted ? 'accepted' : `rejected: ${v.reason}`]];
    // An accepted delivery returns the body's event (compared as JSON values, so -0 and 0 are one number).
    if (v.accepted && JSON.stringify(JSON.parse(v.event!)) !== JSON.stringify(JSON.parse(d.body)))
      return [[d.kind, `returned ${v.event}`]];
    return [];
  });
}
const kindsOf = (list: [Kind, string][]) => [...new Set(list.map(([k]) => k))].sort();

describe('the TypeScript verification sample', () => {
  const source = sample('typescript');

  it('type-checks strictly', () => {
    writeFileSync(join(work, 'typecheck.ts'), source);
    const r = spawnSync(
      bin('tsc'),
      ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--types', 'node', 'typecheck.ts'],
      { cwd: work, encoding: 'utf8', timeout: 120_000 },
    );
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 120_000);

  it('accepts every genuine delivery and rejects every forged or stale one', () => {
    expect(deliveriesAt(0).length).toBe(13 * 12);
    expect(disagreements(verdicts('typescript', source))).toEqual([]);
  }, 120_000);

  it('a sample that skips the signature check is caught', () => {
    const mutant = source.replace('new Webhook(secret).verify(body, headers)', 'JSON.parse(body)');
    expect(mutant).not.toBe(source);
    expect(kindsOf(disagreements(verdicts('typescript', mutant)))).toEqual(
      Object.keys(KINDS)
        .filter((k) => !KINDS[k as Kind])
        .sort(),
    );
  }, 120_000);
});

const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const hasPython = python.status === 0;
if (!hasPython) console.warn('webhook-verification-samples: the Python sample is SKIPPED, python3 is not on PATH');
describe.skipIf(!hasPython)(
  `the Python verification sample${hasPython ? ` (${python.stdout.trim()})` : ' — SKIPPED: python3 is not on PATH'}`,
  () => {
    const source = sample('python');

    it('uses the standard library only', () => {
      const imports = [...source.matchAll(/^(?:import|from) (\w+)/gm)].map((m) => m[1]);
      expect(imports.sort()).toEqual(['base64', 'hashlib', 'hmac', 'json', 're', 'time']);
    });

    it('accepts every genuine delivery and rejects every forged or stale one', () => {
      expect(disagreements(verdicts('python', source))).toEqual([]);
    }, 60_000);

    it.each([
      ['without the timestamp tolerance', '> TOLERANCE_SECONDS', '> 10 ** 12', ['stale']],
      [
        'without the signature comparison',
        'hmac.compare_digest(signature.encode(), expected)',
        'True',
        ['body_altered', 'id_altered', 'signature_altered', 'timestamp_altered', 'wrong_secret'],
      ],
      [
        'keyed with the secret text instead of its base64 bytes',
        'key = base64.b64decode(',
        'key = str.encode(',
        ['genuine', 'header_case', 'other_version_too', 'rotation'],
      ],
    ])(
      'a sample %s is caught',
      (_name, from, to, kinds) => {
        const mutant = source.replace(from, to);
        expect(mutant).not.toBe(source);
        expect(kindsOf(disagreements(verdicts('python', mutant)))).toEqual(kinds);
      },
      60_000,
    );
  },
);
