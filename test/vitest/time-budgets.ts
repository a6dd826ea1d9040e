/**
 * Finds tests and hooks that start another process (a compiler, a server, a tool) under vitest's default timeout.
 * The default (vitest.config.ts) is sized for work in the test's own process; a spawned tool's time depends on how
 * busy the machine is, so such a test or hook gives its work a budget of its own (ARCHITECTURE.md, "Where a test
 * run's time goes"): the third argument of `it`/`test` or the second of a hook, a `timeout` option, an enclosing
 * describe's timeout (tests only: vitest does not pass a suite's timeout to its hooks), or the file's
 * `vi.setConfig({ testTimeout | hookTimeout })`.
 *
 * "Starts a process" is derived, not listed by hand: a call of one of SPAWNING_IMPORTS, or of a function of the
 * project (followed through relative imports) whose code refers to one, at any depth. So a new helper that spawns is
 * known as soon as it is written. The scan is a TypeScript AST walk without type information: a reference is
 * resolved by its name in its file (a local variable that shadows an import's name is taken for the import).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** What starts another process, by the package that exports it. */
export const SPAWNING_IMPORTS: readonly { module: string; names: readonly string[]; starts: string }[] = [
  {
    module: 'node:child_process',
    names: ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'],
    starts: 'a child process',
  },
  {
    module: 'child_process',
    names: ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'],
    starts: 'a child process',
  },
  {
    module: 'execa',
    names: ['execa', 'execaSync', 'execaNode', 'execaCommand', 'execaCommandSync', '$'],
    starts: 'a child process',
  },
  { module: 'esbuild', names: ['build', 'buildSync', 'context'], starts: "a build in esbuild's service process" },
  { module: 'playwright-core', names: ['chromium', 'firefox', 'webkit'], starts: 'a browser' },
];

/** vitest's functions that register a test, a suite or a hook. */
const TESTS = new Set(['it', 'test']);
const SUITES = new Set(['describe', 'suite']);
const HOOKS = new Set(['beforeAll', 'beforeEach', 'afterAll', 'afterEach', 'aroundEach', 'aroundAll']);

export interface Finding {
  /** Relative to the scan's root. */
  file: string;
  line: number;
  kind: 'test' | 'hook';
  /** The test's title as written, or the hook's name. */
  title: string;
  /** The names it reaches a spawning function through, as written in it. */
  via: string[];
}

type Declaration =
  | { kind: 'import'; module: Module; specifier: string; name: string } // '*' namespace, 'default' default import
  | { kind: 'local'; node: ts.Node } // a function, a class, or a variable's initializer
  | { kind: 'value' }; // a parameter, a variable without initializer, a loop's or a catch clause's variable

interface Module {
  file: string;
  source: ts.SourceFile;
  /** Exported name → the local name it exports, or the import it re-exports. */
  exports: Map<string, string | { specifier: string; name: string }>;
}

const isFunction = (n: ts.Node): n is ts.ArrowFunction | ts.FunctionExpression =>
  ts.isArrowFunction(n) || ts.isFunctionExpression(n);

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)));
}

const hasExport = (n: ts.Node) =>
  ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** A reference to a name (not a property's name, a declaration's name or an import's). */
function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p)) && p.name === id)
    return false;
  if (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isExportSpecifier(p))
    return false;
  if (
    (ts.isVariableDeclaration(p) ||
      ts.isFunctionDeclaration(p) ||
      ts.isFunctionExpression(p) ||
      ts.isClassDeclaration(p) ||
      ts.isParameter(p) ||
      ts.isBindingElement(p)) &&
    p.name === id
  )
    return false;
  if (ts.isBindingElement(p) && p.propertyName === id) return false;
  return true;
}

/** The declaration of `name` among a block's (or a file's) own statements. */
function declaredIn(statements: ts.NodeArray<ts.Statement>, name: string, m: Module): Declaration | null {
  for (const s of statements) {
    if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name?.text === name)
      return { kind: 'local', node: s };
    if (ts.isVariableStatement(s))
      for (const d of s.declarationList.declarations)
        if (bindingNames(d.name).includes(name))
          return d.initializer ? { kind: 'local', node: d.initializer } : { kind: 'value' };
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.importClause) {
      const specifier = s.moduleSpecifier.text;
      const c = s.importClause;
      if (c.name?.text === name) return { kind: 'import', module: m, specifier, name: 'default' };
      const nb = c.namedBindings;
      if (nb && ts.isNamespaceImport(nb) && nb.name.text === name)
        return { kind: 'import', module: m, specifier, name: '*' };
      if (nb && ts.isNamedImports(nb))
        for (const e of nb.elements)
          if (e.name.text === name)
            return { kind: 'import', module: m, specifier, name: (e.propertyName ?? e.name).text };
    }
  }
  return null;
}

export class SpawnScan {
  private modules = new Map<string, Module | null>();
  /** Declaration → spawns; false while being decided (a cycle spawns only through another path). */
  private decided = new Map<ts.Node, boolean>();

  constructor(
    private readonly root: string,
    /** The timeouts a test or hook gets without asking (vitest.config.ts). */
    private readonly defaults: { testTimeout: number; hookTimeout: number } = {
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  ) {}

  private module(file: string): Module | null {
    if (this.modules.has(file)) return this.modules.get(file)!;
    let parsed: Module | null = null;
    if (/\.(ts|mts|mjs|js)$/.test(file) && existsSync(file)) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const exports: Module['exports'] = new Map();
      for (const s of source.statements) {
        if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name && hasExport(s))
          exports.set(s.name.text, s.name.text);
        else if (ts.isVariableStatement(s) && hasExport(s))
          for (const d of s.declarationList.declarations) for (const n of bindingNames(d.name)) exports.set(n, n);
        else if (ts.isExportDeclaration(s) && s.exportClause && ts.isNamedExports(s.exportClause))
          for (const e of s.exportClause.elements) {
            const local = (e.propertyName ?? e.name).text;
            exports.set(
              e.name.text,
              s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)
                ? { specifier: s.moduleSpecifier.text, name: local }
                : local,
            );
          }
      }
      parsed = { file, source, exports };
    }
    this.modules.set(file, parsed);
    return parsed;
  }

  private moduleOf(n: ts.Node): Module {
    return this.module(n.getSourceFile().fileName)!;
  }

  /** The declaration `id` refers to, by lexical scope; null for a global. */
  private declarationOf(id: ts.Identifier): Declaration | null {
    const name = id.text;
    for (let n: ts.Node = id.parent; n; n = n.parent) {
      if (ts.isFunctionLike(n)) {
        if (n.parameters.some((p) => bindingNames(p.name).includes(name))) return { kind: 'value' };
        if (ts.isFunctionExpression(n) && n.name?.text === name) return { kind: 'local', node: n };
      }
      if (ts.isCatchClause(n) && n.variableDeclaration && bindingNames(n.variableDeclaration.name).includes(name))
        return { kind: 'value' };
      if (
        (ts.isForOfStatement(n) || ts.isForInStatement(n) || ts.isForStatement(n)) &&
        n.initializer &&
        ts.isVariableDeclarationList(n.initializer) &&
        n.initializer.declarations.some((d) => bindingNames(d.name).includes(name))
      )
        return { kind: 'value' };
      if (ts.isBlock(n) || ts.isSourceFile(n) || ts.isModuleBlock(n) || ts.isCaseClause(n) || ts.isDefaultClause(n)) {
        const found = declaredIn(n.statements, name, this.moduleOf(n));
        if (found) return found;
      }
    }
    return null;
  }

  private resolveImport(from: string, specifier: string): Module | null {
    if (!specifier.startsWith('.') && !specifier.startsWith('/')) return null;
    const base = resolve(dirname(from), specifier);
    for (const f of [base, `${base}.ts`, join(base, 'index.ts')])
      if (existsSync(f) && /\.[mc]?[jt]s$/.test(f)) return this.module(f);
    return null;
  }

  private exported(m: Module, name: string): Declaration | null {
    const e = m.exports.get(name);
    if (e === undefined) return null;
    if (typeof e === 'string') return declaredIn(m.source.statements, e, m);
    return { kind: 'import', module: m, specifier: e.specifier, name: e.name };
  }

  private declarationSpawns(d: Declaration | null): boolean {
    if (!d || d.kind === 'value') return false;
    if (d.kind === 'local') return this.nodeSpawns(d.node);
    const known = SPAWNING_IMPORTS.find((s) => s.module === d.specifier);
    if (known) return d.name === '*' || d.name === 'default' || known.names.includes(d.name);
    const target = this.resolveImport(d.module.file, d.specifier);
    if (!target) return false;
    const names = d.name === '*' ? [...target.exports.keys()] : [d.name];
    return names.some((n) => this.declarationSpawns(this.exported(target, n)));
  }

  private nodeSpawns(node: ts.Node): boolean {
    if (this.decided.has(node)) return this.decided.get(node)!;
    this.decided.set(node, false);
    const spawns = this.refersToSpawning(node).length > 0;
    this.decided.set(node, spawns);
    return spawns;
  }

  /**
   * The object literals a value is built from: the literal itself, or what the function it calls returns. For
   * `repos.dispose()` on `const repos = scratchRepos()`: only `dispose` is looked at, not every member.
   */
  private objectsOf(value: ts.Node, depth = 0): ts.ObjectLiteralExpression[] {
    if (depth > 4) return [];
    if (ts.isParenthesizedExpression(value)) return this.objectsOf(value.expression, depth + 1);
    if (ts.isObjectLiteralExpression(value)) return [value];
    if (!ts.isCallExpression(value) || !ts.isIdentifier(value.expression)) return [];
    let d = this.declarationOf(value.expression);
    while (d?.kind === 'import') {
      const target = this.resolveImport(d.module.file, d.specifier);
      d = target && d.name !== '*' && d.name !== 'default' ? this.exported(target, d.name) : null;
    }
    if (d?.kind !== 'local') return [];
    const fn = d.node;
    if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return this.objectsOf(fn.body, depth + 1);
    if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isFunctionDeclaration(fn)) || !fn.body) return [];
    const out: ts.ObjectLiteralExpression[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isReturnStatement(n) && n.expression) out.push(...this.objectsOf(n.expression, depth + 1));
      else if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
    };
    ts.forEachChild(fn.body, visit);
    return out;
  }

  /** Whether `object.member` spawns when `object` is built from object literals; null when that is not known. */
  private memberSpawns(object: ts.Identifier, member: string): boolean | null {
    const d = this.declarationOf(object);
    if (d?.kind !== 'local') return null;
    const objects = this.objectsOf(d.node);
    if (objects.length === 0) return null;
    for (const o of objects)
      for (const p of o.properties) {
        if (p.name && ts.isIdentifier(p.name) && p.name.text === member)
          return ts.isShorthandPropertyAssignment(p)
            ? this.declarationSpawns(this.declarationOf(p.name))
            : this.nodeSpawns(p);
        if (ts.isSpreadAssignment(p)) return null; // members not seen here
      }
    return false;
  }

  /** Whether `exported` of `file` starts a process when called (or, for a value, when used). */
  spawns(file: string, exported: string): boolean {
    const m = this.module(resolve(this.root, file));
    return m !== null && this.declarationSpawns(this.exported(m, exported));
  }

  /** The names in `node` through which it reaches a spawning function (each once, in order). */
  private refersToSpawning(node: ts.Node): { name: string; declaration: Declaration | null }[] {
    const via: { name: string; declaration: Declaration | null }[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isIdentifier(n) && isReference(n) && !via.some((v) => v.name === n.text)) {
        const p = n.parent;
        const declaration = this.declarationOf(n);
        const member =
          ts.isPropertyAccessExpression(p) && p.expression === n ? this.memberSpawns(n, p.name.text) : null;
        if (member ?? this.declarationSpawns(declaration)) via.push({ name: n.text, declaration });
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    return via;
  }

  /** What `refersToSpawning` finds, naming the functions reached when there are some (not the values they made). */
  private spawningCalls(node: ts.Node): string[] {
    const via = this.refersToSpawning(node);
    const calls = via.filter(
      ({ declaration: d }) =>
        d?.kind === 'import' || (d?.kind === 'local' && (ts.isFunctionLike(d.node) || ts.isClassLike(d.node))),
    );
    return (calls.length > 0 ? calls : via).map((v) => v.name);
  }

  /** Tests and hooks of `file` that spawn and have no budget of their own. */
  findings(file: string): Finding[] {
    const m = this.module(resolve(this.root, file));
    if (!m) return [];
    const vitest = new Map<string, string>(); // local name → vitest's name
    for (const s of m.source.statements)
      if (
        ts.isImportDeclaration(s) &&
        ts.isStringLiteral(s.moduleSpecifier) &&
        s.moduleSpecifier.text === 'vitest' &&
        s.importClause?.namedBindings &&
        ts.isNamedImports(s.importClause.namedBindings)
      )
        for (const e of s.importClause.namedBindings.elements) vitest.set(e.name.text, (e.propertyName ?? e.name).text);
    if (vitest.size === 0) return [];

    // vi.setConfig({ testTimeout, hookTimeout }) among the file's top-level statements
    const fileSets = new Set<string>();
    for (const s of m.source.statements)
      if (
        ts.isExpressionStatement(s) &&
        ts.isCallExpression(s.expression) &&
        ts.isPropertyAccessExpression(s.expression.expression) &&
        ts.isIdentifier(s.expression.expression.expression) &&
        vitest.get(s.expression.expression.expression.text) === 'vi' &&
        s.expression.expression.name.text === 'setConfig'
      )
        for (const a of s.expression.arguments)
          if (ts.isObjectLiteralExpression(a))
            for (const p of a.properties) if (p.name && ts.isIdentifier(p.name)) fileSets.add(p.name.text);

    const out: Finding[] = [];
    const budgeted = new Set<ts.Node>(); // the factories of describes with a timeout
    const visit = (n: ts.Node) => {
      const r = ts.isCallExpression(n) ? this.registration(n, vitest) : null;
      if (r) {
        const { call, registers } = r;
        const fn = this.body(call, registers);
        if (registers === 'suite' && fn && this.hasTimeout(m, call, registers, fn)) budgeted.add(fn);
        if (registers !== 'suite' && fn) {
          const own = this.hasTimeout(m, call, registers, fn);
          const inherited =
            registers === 'test' && (fileSets.has('testTimeout') || ancestors(call).some((a) => budgeted.has(a)));
          const fromFile = registers === 'hook' && fileSets.has('hookTimeout');
          if (!own && !inherited && !fromFile) {
            const via = this.spawningCalls(fn);
            if (via.length > 0)
              out.push({
                file: relative(this.root, m.file),
                line: m.source.getLineAndCharacterOfPosition(call.getStart()).line + 1,
                kind: registers,
                title: registers === 'hook' ? rootName(call) : (call.arguments[0]?.getText() ?? ''),
                via,
              });
          }
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(m.source);
    return out;
  }

  /** A call that registers a test, suite or hook: `it(…)`, `it.skipIf(c)(…)`, `it.each(t)(…)` (the outer call). */
  private registration(
    call: ts.CallExpression,
    vitest: Map<string, string>,
  ): { call: ts.CallExpression; registers: 'test' | 'suite' | 'hook' } | null {
    if (ts.isCallExpression(call.parent) && call.parent.expression === call) return null;
    const name = vitest.get(rootName(call));
    if (!name) return null;
    if (TESTS.has(name)) return { call, registers: 'test' };
    if (SUITES.has(name)) return { call, registers: 'suite' };
    if (HOOKS.has(name)) return { call, registers: 'hook' };
    return null;
  }

  /** The function the call registers: the first function argument (after the title, for tests and suites). */
  private body(call: ts.CallExpression, registers: 'test' | 'suite' | 'hook'): ts.Node | undefined {
    const args = registers === 'hook' ? call.arguments : call.arguments.slice(1);
    return args.find(isFunction) ?? args.find((a) => ts.isIdentifier(a));
  }

  /**
   * A timeout above the default: an argument after the function (a number or options), or an options object before
   * it with `timeout`. A figure no larger than the default (a literal, or a constant of the file) is no budget.
   */
  private hasTimeout(m: Module, call: ts.CallExpression, registers: 'test' | 'suite' | 'hook', fn: ts.Node): boolean {
    const args = [...call.arguments];
    const at = args.indexOf(fn as ts.Expression);
    const given = args.slice(at + 1);
    if (registers !== 'hook') for (const a of args.slice(1, at)) if (ts.isObjectLiteralExpression(a)) given.push(a);
    const limit = registers === 'hook' ? this.defaults.hookTimeout : this.defaults.testTimeout;
    return given.some((a) => {
      const option = ts.isObjectLiteralExpression(a)
        ? a.properties.find((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'timeout')
        : a;
      if (!option) return false;
      const value = ts.isPropertyAssignment(option) ? option.initializer : option;
      const ms = numberOf(m, value as ts.Expression);
      return ms === null || ms > limit;
    });
  }
}

/** The value of a numeric literal, or of a name bound to one in the module; null when it is something else. */
function numberOf(m: Module, e: ts.Expression): number | null {
  if (ts.isNumericLiteral(e)) return Number(e.text);
  if (ts.isIdentifier(e)) {
    const d = declaredIn(m.source.statements, e.text, m);
    if (d?.kind === 'local' && ts.isNumericLiteral(d.node)) return Number(d.node.text);
  }
  return null;
}

function rootName(call: ts.CallExpression): string {
  let e: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(e) || ts.isCallExpression(e)) e = e.expression;
  return ts.isIdentifier(e) ? e.text : '';
}

function ancestors(n: ts.Node): ts.Node[] {
  const out: ts.Node[] = [];
  for (let p = n.parent; p; p = p.parent) out.push(p);
  return out;
}

/** The folders whose files the vitest configurations include (vitest.config.ts, the robustness and Node 22 ones). */
export const TEST_ROOTS = ['server', 'conformance', 'scripts', 'test', 'client'];

/** The TypeScript sources under `roots` of `root` (node_modules and dist left out), relative to `root`. */
export function sources(root: string, roots: readonly string[] = TEST_ROOTS): string[] {
  return roots
    .flatMap((dir) => (readdirSync(join(root, dir), { recursive: true }) as string[]).map((f) => join(dir, f)))
    .filter((f) => /\.m?ts$/.test(f) && !/(^|\/)(node_modules|dist)\//.test(f))
    .sort();
}

/**
 * Files whose configuration's defaults are budgets for processes already: vitest.robustness.config.ts gives each
 * test 180 s and each hook 120 s, sized for the real processes every check of that suite starts (RELIABILITY.md).
 */
export const BUDGETED_BY_CONFIG = ['test/robustness/'];

/** The tests and hooks of the project that start a process without a budget. */
export function unbudgetedSpawns(root: string): Finding[] {
  const scan = new SpawnScan(root);
  return sources(root)
    .filter((f) => !BUDGETED_BY_CONFIG.some((dir) => f.startsWith(dir)))
    .flatMap((f) => scan.findings(f));
}
