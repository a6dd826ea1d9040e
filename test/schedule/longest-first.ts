/**
 * The order in which `vitest run` starts its files: the longest first, by the durations of an earlier whole run
 * (test/schedule/durations.json, written by `npm run test:durations`), so that the long files overlap each other and
 * the short ones fill in at the end.
 *
 * vitest's own sequencer does the same only where its results cache holds every file (node_modules/.vite, never in a
 * fresh clone); without it, it starts the largest files first, and the mutant runs (a 6 kB file, 3 minutes) started
 * at minute 5 of a 10-minute run, which then ended with one worker idle (issue 23, item 7). A stale or missing
 * duration costs only order: each file still runs once, in a process of its own.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const durationsFile = new URL('./durations.json', import.meta.url);

/** Seconds per file, by path from the project's root; a file not listed counts as 0. */
export function readDurations(): Record<string, number> {
  return JSON.parse(readFileSync(durationsFile, 'utf8')) as Record<string, number>;
}

/** Sorts `files` longest first; files of equal (or no) duration keep the order they come in. */
export function longestFirst<T>(files: T[], pathOf: (f: T) => string, durations: Record<string, number>): T[] {
  return files
    .map((file, index) => ({ file, index, seconds: durations[pathOf(file)] ?? 0 }))
    .sort((a, b) => b.seconds - a.seconds || a.index - b.index)
    .map((x) => x.file);
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const fallback = await super.sort(files);
    const root = this.ctx.config.root;
    return longestFirst(fallback, (f) => relative(root, f.moduleId), readDurations());
  }
}
