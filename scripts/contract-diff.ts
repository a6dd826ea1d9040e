/**
 * The breaking-change gate of the contract (`npm run contract:diff`) and its release (`npm run contract:release`).
 *
 *   tsx scripts/contract-diff.ts [--base <git ref> | --base-file <path>] [--current-file <path>] [--root <dir>]
 *   tsx scripts/contract-diff.ts --release [--base <git ref> | --base-file <path>] [--root <dir>]
 *
 * Compares the current contract — what openapi/ bundles to now (lib/contract-diff/bundle.ts, the bundle
 * `npm run generate` writes), or --current-file — with the released one (see lib/contract-diff/base.ts for which)
 * and lists every change as breaking or non-breaking (lib/contract-diff/engine.ts: Redocly CLI's `diff`), with every
 * operation and webhook it reaches (usage.ts). Exit 1 when the contract differs from the release without the new
 * info.version the changes need (breaking → major, additive → minor, other → patch), when that version has no
 * section in CHANGELOG.md, or when the release is refused; 2 on a usage or tool error; else 0 — also when nothing
 * is released.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CURRENT_BUNDLE, resolveBase, versionOf } from './lib/contract-diff/base.ts';
import { bundleContract } from './lib/contract-diff/bundle.ts';
import { hasSection } from './lib/contract-diff/changelog.ts';
import { diffContracts, formatChange, type OpenApiDoc } from './lib/contract-diff/engine.ts';
import { evaluateGate } from './lib/contract-diff/gate.ts';
import { release } from './lib/contract-diff/release.ts';

const USAGE =
  'usage: contract-diff [--release] [--base <git ref> | --base-file <path>] [--current-file <path>] [--root <dir>]';
const VALUE_FLAGS = new Set(['--base', '--base-file', '--current-file', '--root']);

function parseArgs(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--release' || arg === '--help') flags.set(arg, '');
    else if (VALUE_FLAGS.has(arg) && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--'))
      flags.set(arg, argv[++i]!);
    else throw new Error(`unknown or incomplete argument ${arg}\n${USAGE}`);
  }
  if (flags.has('--base') && flags.has('--base-file'))
    throw new Error(`--base and --base-file exclude each other\n${USAGE}`);
  if (flags.has('--release') && flags.has('--current-file'))
    throw new Error('--release releases generated/openapi.json; --current-file is for the diff only');
  return flags;
}

/** The contract to judge: --current-file, else openapi/ bundled now (with a note when generated/ lags behind it). */
function currentContract(
  flags: Map<string, string>,
  root: string,
): { doc: OpenApiDoc; source: string; notes: string[] } {
  if (flags.has('--current-file')) {
    const file = resolve(flags.get('--current-file')!);
    return {
      doc: JSON.parse(readFileSync(file, 'utf8')) as OpenApiDoc,
      source: flags.get('--current-file')!,
      notes: [],
    };
  }
  const bundle = bundleContract(root);
  const generated = join(root, CURRENT_BUNDLE);
  const stale = !existsSync(generated) || readFileSync(generated, 'utf8') !== bundle.text;
  const notes = stale
    ? [`${CURRENT_BUNDLE} is not what openapi/ bundles to: run \`npm run generate\` (judged here: openapi/)`]
    : [];
  return { doc: bundle.doc, source: 'openapi/, bundled', notes };
}

function diffCommand(flags: Map<string, string>, root: string): number {
  const base = resolveBase({ root, baseFile: flags.get('--base-file'), baseRef: flags.get('--base') });
  if (!base) {
    console.log(
      'No released contract to compare with (no --base-file, no --base, no contract-v* tag, nothing in openapi/releases/): nothing to check.',
    );
    return 0;
  }
  const current = currentContract(flags, root);
  const version = versionOf(current.doc);
  console.log(`released: ${base.version} (${base.source})\ncurrent:  ${version} (${current.source})`);
  const changes = diffContracts(base.doc, current.doc);
  const breaking = changes.filter((c) => c.breaking);
  console.log(
    `${changes.length} change(s): ${breaking.length} breaking, ${changes.length - breaking.length} non-breaking`,
  );
  for (const c of [...breaking, ...changes.filter((c) => !c.breaking)]) console.log(`  ${formatChange(c)}`);
  const changelog = join(root, 'CHANGELOG.md');
  const releaseNotes = {
    present: existsSync(changelog) && hasSection(readFileSync(changelog, 'utf8'), version),
    file: 'CHANGELOG.md',
  };
  const gate = evaluateGate(base.version, version, changes, { releaseNotes });
  for (const note of [...current.notes, ...gate.notes]) console.log(`note: ${note}`);
  if (!gate.ok) {
    for (const failure of gate.failures) console.error(`✗ ${failure}`);
    return 1;
  }
  console.log('✓ breaking-change gate passed');
  return 0;
}

function main(): number {
  let flags: Map<string, string>;
  try {
    flags = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  if (flags.has('--help')) {
    console.log(USAGE);
    return 0;
  }
  const root = resolve(flags.get('--root') ?? new URL('..', import.meta.url).pathname);
  try {
    if (!flags.has('--release')) return diffCommand(flags, root);
    const result = release({ root, baseFile: flags.get('--base-file'), baseRef: flags.get('--base') });
    for (const line of result.lines) (result.ok ? console.log : console.error)(line);
    return result.ok ? 0 : 1;
  } catch (e) {
    console.error(`contract-diff: ${(e as Error).message}`);
    return 2;
  }
}

process.exitCode = main();
