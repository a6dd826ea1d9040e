/**
 * Test support for the caching rule (frozen.ts): tries every ordinary way to change a value and everything it
 * reaches — assign, add and delete properties, push and truncate arrays, call each Date setter — and lists the
 * attempts that did not throw a TypeError. Run from strict-mode code (every ES module is), where writing to a frozen
 * object throws. An empty list means no caller can change the value.
 */
const DATE_SETTERS = Object.getOwnPropertyNames(Date.prototype).filter((n) => n.startsWith('set'));

export function survivingMutations(value: unknown): string[] {
  const survived: string[] = [];
  const seen = new Set<object>();
  const attempt = (what: string, change: () => void) => {
    try {
      change();
      survived.push(what);
    } catch (err) {
      if (!(err instanceof TypeError)) survived.push(`${what} (threw ${String(err)}, not a TypeError)`);
    }
  };
  const visit = (v: unknown, path: string) => {
    if ((typeof v !== 'object' && typeof v !== 'function') || v === null || seen.has(v)) return;
    seen.add(v);
    const o = v as Record<PropertyKey, unknown>;
    if (v instanceof Date) {
      for (const name of DATE_SETTERS) attempt(`${path}.${name}()`, () => (o[name] as (n: number) => void).call(v, 0));
    }
    if (Array.isArray(v)) {
      attempt(`${path}.push()`, () => v.push('added'));
      attempt(`${path}.length = 0`, () => {
        v.length = 0;
      });
    }
    attempt(`${path}.added = …`, () => {
      o['__added__'] = 'added';
    });
    for (const key of Reflect.ownKeys(v)) {
      const d = Object.getOwnPropertyDescriptor(v, key)!;
      if (Array.isArray(v) && key === 'length') continue;
      const at = `${path}.${String(key)}`;
      attempt(`${at} = …`, () => {
        o[key] = 'changed';
      });
      attempt(`delete ${at}`, () => {
        delete o[key];
      });
      if ('value' in d) visit(d.value, at);
    }
  };
  visit(value, '$');
  return survived;
}
