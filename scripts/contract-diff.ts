/**
 * The breaking-change gate of the contract (`npm run contract:diff`) and its release (`npm run contract:release`).
 *
 *   tsx scripts/contract-diff.ts [--base <git ref> | --base-file <path>] [--current-file <path>] [--root <dir>]
 *   tsx scripts/contract-diff.ts --release [--base <git ref> | --base-file <path>] [--root <dir>]
 *
 * Compares the current contract — what openapi/ bundles to now (lib/contract-diff/bundle.ts, the bundle
 * `npm run generate` writes), or --current-file — with the released one (see lib/contract-diff/base.ts for which)
 * and lists every change as breaking or non-breaking (lib/contract-diff/engine.ts: Redocly CLI's `diff`), with every
 * operation and webhook it reaches (usage.ts). An edit — the working tree's contract against HEAD's, or against a
 * `--base` that is no release — is listed first, and the version is still judged against the last release
 * (lib/contract-diff/comparison.ts); the changes since the release are then counted, the breaking ones listed. Exit
 * 1 when the contract differs from the release without the new info.version the changes need (breaking → major,
 * additive → minor, other → patch), when that version has no section in CHANGELOG.md, or when the release is
 * refused; 2 on a usage or tool error; else 0 — also when nothing is released.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CURRENT_BUNDLE, versionOf, type ReleasedContract } from './lib/contract-diff/base.ts';
import { bundleContract } from './lib/contract-diff/bundle.ts';
import { hasSection } from './lib/contract-diff/changelog.ts';
import { isReleased, resolveComparison } from './lib/contract-diff/comparison.ts';
import { diffContracts, formatChange, type ContractChange, type OpenApiDoc } from './lib/contract-diff/engine.ts';
import { bumped, carries, evaluateGate, parseVersion, requiredBump } from './lib/contract-diff/gate.ts';
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

/**
 * A count line and the changes, breaking ones first; with `hidden` (how to list them) only the breaking ones are
 * listed and the rest counted.
 */
function printChanges(title: string, changes: ContractChange[], hidden?: string): void {
  const breaking = changes.filter((c) => c.breaking);
  const rest = changes.filter((c) => !c.breaking);
  const counts = `${changes.length} change(s): ${breaking.length} breaking, ${rest.length} non-breaking`;
  console.log(`${title}${counts}${hidden && rest.length ? ` (the non-breaking ones listed by ${hidden})` : ''}`);
  for (const c of hidden ? breaking : [...breaking, ...rest]) console.log(`  ${formatChange(c)}`);
}

/** How to list every change since a release: the flag that makes it the only base. */
const listingFlag = (release: ReleasedContract) =>
  release.source.startsWith('tag ')
    ? `\`npm run contract:diff -- --base ${release.source.slice('tag '.length)}\``
    : release.source.startsWith('git ref ')
      ? `\`npm run contract:diff -- --base ${release.source.slice('git ref '.length)}\``
      : `\`npm run contract:diff -- --base-file ${release.source}\``;

/** What the version needs over the release and whether info.version carries it, in one line. */
function versionVerdict(release: string, current: string, changes: ContractChange[], root: string, edit: boolean) {
  const bump = requiredBump(changes);
  const [base, now] = [parseVersion(release), parseVersion(current)];
  if (bump === 'none' || !base || !now) return `version: ${current}, released ${release}`;
  const kind = bump === 'major' ? 'breaking → major' : bump === 'minor' ? 'additive → minor' : 'patch';
  const unreleased = current !== release && !isReleased(root, current) ? ' (unreleased)' : '';
  const verdict = carries(base, now, bump)
    ? `carries it${edit ? ': the edit needs no other version' : ''}`
    : `does not carry it`;
  return (
    `version: judged against the release ${release}, the changes need ${bumped(base, bump)} or above (${kind}): ` +
    `info.version ${current}${unreleased} ${verdict}`
  );
}

function diffCommand(flags: Map<string, string>, root: string): number {
  let judged: ReturnType<typeof currentContract> | undefined;
  const contract = () => (judged ??= currentContract(flags, root));
  const { release, edit } = resolveComparison({
    root,
    current: () => contract().doc,
    baseFile: flags.get('--base-file'),
    baseRef: flags.get('--base'),
  });
  if (!release) {
    console.log(
      'No released contract to compare with (no --base-file, no --base, no contract-v* tag, nothing in openapi/releases/): nothing to check.',
    );
    return 0;
  }
  const current = contract();
  const version = versionOf(current.doc);
  console.log(`released: ${release.version} (${release.source})\ncurrent:  ${version} (${current.source})`);
  // The edit's own changes first: what this working tree (or --current-file) changes against HEAD or --base.
  if (edit) printChanges(`the edit, against ${edit.source} (${edit.version}): `, diffContracts(edit.doc, current.doc));
  const changes = diffContracts(release.doc, current.doc);
  printChanges(edit ? `since the release ${release.version}: ` : '', changes, edit ? listingFlag(release) : undefined);
  console.log(versionVerdict(release.version, version, changes, root, edit !== null));
  const changelog = join(root, 'CHANGELOG.md');
  const releaseNotes = {
    present: existsSync(changelog) && hasSection(readFileSync(changelog, 'utf8'), version),
    file: 'CHANGELOG.md',
  };
  const gate = evaluateGate(release.version, version, changes, { releaseNotes });
  const notes = [...current.notes, ...gate.notes];
  if (release.source.startsWith('git ref ') && !isReleased(root, release.version))
    notes.push(`nothing is released: the version is judged against ${release.source}, which is no release`);
  for (const note of notes) console.log(`note: ${note}`);
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
