/** The subset of npm's semver ranges that package.json `engines` uses here: `^X.Y.Z` alternatives joined by `||`. */

const parse = (v: string): [number, number, number] => {
  const m = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(v.trim());
  if (!m) throw new Error(`not a plain version: '${v}'`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
};

/** True when `version` (e.g. `v22.12.0`) satisfies one of the `^X.Y.Z` alternatives; any other syntax throws. */
export function satisfiesCaretRange(version: string, range: string): boolean {
  const [major, minor, patch] = parse(version);
  return range.split('||').some((alternative) => {
    const m = /^\s*\^(\S+)\s*$/.exec(alternative);
    if (!m) throw new Error(`unsupported range '${alternative.trim()}' (only ^X.Y.Z alternatives)`);
    const [wMajor, wMinor, wPatch] = parse(m[1]!);
    // A caret range on a major ≥ 1 allows any later minor or patch of that same major.
    return major === wMajor && (minor > wMinor || (minor === wMinor && patch >= wPatch));
  });
}
