// Prints the one line CI reads, `N passed, N failed, N skipped`, from vitest's JUnit report.
// When the run stopped before vitest (npm ci, drift check or type-check failed) it counts that as one failure.
import { existsSync, readFileSync } from 'node:fs';

const [file, status] = process.argv.slice(2);
if (!existsSync(file)) {
  console.log(`0 passed, ${status === '0' ? 0 : 1} failed`);
  process.exit(0);
}
const xml = readFileSync(file, 'utf8');
const attr = (name) => Number((xml.match(new RegExp(`<testsuites[^>]*\\s${name}="(\\d+)"`)) ?? [])[1] ?? 0);
const tests = attr('tests');
const failed = attr('failures') + attr('errors');
const skipped = [...xml.matchAll(/<testsuite\s[^>]*\sskipped="(\d+)"/g)].reduce((n, m) => n + Number(m[1]), 0);
const stoppedEarly = status !== '0' && failed === 0 ? 1 : 0; // e.g. a failing step after vitest
console.log(`${tests - failed - skipped} passed, ${failed + stoppedEarly} failed, ${skipped} skipped`);
