/**
 * Child process for server/store/lock.test.ts: `node --import tsx data-dir-child.ts <open|hold> <dataDir>`.
 * - open: opens the store on dataDir like the server does; exit 0 on success, 1 with the error on stderr.
 * - hold: takes only the directory lock, prints "locked" and waits to be killed.
 */
import { openPglite } from '../../server/store/pglite.ts';
import { acquireDataDirLock } from '../../server/store/lock.ts';

const [mode, dir] = process.argv.slice(2);
if (!dir || (mode !== 'open' && mode !== 'hold')) {
  process.stderr.write('usage: data-dir-child.ts <open|hold> <dataDir>\n');
  process.exit(2);
}
try {
  if (mode === 'open') {
    const driver = await openPglite(dir, { log: () => {} });
    process.stdout.write('opened\n');
    await driver.close();
  } else {
    await acquireDataDirLock(dir, { log: () => {} });
    process.stdout.write('locked\n');
    setInterval(() => {}, 60_000);
  }
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
