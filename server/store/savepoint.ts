/** Nested `transaction()` calls on a transaction handle become savepoints (shared by both drivers). */
import type { ExecSql } from './driver.ts';

export async function withSavepoint<T>(tx: ExecSql, depth: number, fn: () => Promise<T>): Promise<T> {
  const name = `sp_${depth}`;
  await tx.query(`SAVEPOINT ${name}`);
  try {
    const result = await fn();
    await tx.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (err) {
    await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
    await tx.query(`RELEASE SAVEPOINT ${name}`);
    throw err;
  }
}
