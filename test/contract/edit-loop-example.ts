/**
 * The example of README.md's "Editing the contract" — the filter it adds, read from the README itself — and the
 * test files that edit reaches. test/contract/edit-loop.test.ts performs the example and then runs those files;
 * test/contract/edit-loop-example.test.ts keeps the example's parameter name out of them, so that the README's own
 * example can never break a test that used the same name as its invented "not a parameter".
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot, run } from '../helpers/run.ts';

export const EDIT_LOOP_TEST = 'test/contract/edit-loop.test.ts';

/** The README's section, from its heading to the next `## ` heading. */
function editingSection(readme: string): string {
  const start = readme.indexOf('\n## Editing the contract\n');
  if (start < 0) throw new Error('README.md has no section "## Editing the contract"');
  const rest = readme.slice(start + 1);
  const end = rest.indexOf('\n## ', 1);
  return end < 0 ? rest : rest.slice(0, end);
}

function one(section: string, pattern: RegExp, what: string): RegExpExecArray {
  const m = pattern.exec(section);
  if (!m)
    throw new Error(
      `README.md "Editing the contract" no longer says ${what} (${pattern}): update test/contract/edit-loop-example.ts`,
    );
  return m;
}

export interface EditLoopExample {
  /** The query parameter the example adds, e.g. `product_type`. */
  parameter: string;
  /** The method and path of the operation it is added to, e.g. `GET /account/transactions`. */
  operation: string;
  /** The parameter's new file under openapi/components/parameters/. */
  file: string;
  /** Its `x-filter`, as the README writes it. */
  xFilter: { attribute: string; match: string };
}

/** What the README's edit loop adds, in the README's words. */
export function editLoopExample(readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')): EditLoopExample {
  const section = editingSection(readme);
  const [, parameter, operation] = one(
    section,
    /here adding a filter, `([a-z_]+)` on `((?:GET|POST|PUT|PATCH|DELETE) \/[^`]+)`/,
    'which filter it adds',
  );
  const [, file] = one(section, /`(openapi\/components\/parameters\/[A-Za-z]+\.yaml)`/, "the new parameter's file");
  const [, attribute, match] = one(
    section,
    /`x-filter: \{ attribute: ([a-z_]+), match: ([a-z-]+) \}`/,
    'the x-filter of the new parameter',
  );
  return {
    parameter: parameter!,
    operation: operation!,
    file: file!,
    xFilter: { attribute: attribute!, match: match! },
  };
}

/**
 * The test files (the repository's, tracked or new and not ignored) that hold the query parameters of an operation
 * or a handler's reads: the start-up check of handler-reads.ts, the handler typing (`queryHandler`), the type pins of
 * a generated query. An edit that adds a query parameter reaches these, besides `tsc --noEmit` over the whole
 * project. `root`: where to read them (a scratch copy of the repository has the same files); edit-loop.test.ts,
 * which performs the edit, is not among them.
 */
export const REACHES_QUERY_PARAMETERS =
  /\b(?:queryHandler|unreadQueryParameters|assertHandlersReadTheirQuery|ReadsEveryQueryParameterOf|QueryName)\b|\.reads\b|\['parameters'\]\['query'\]|OPERATIONS(?:\.\w+|\[[^\]]+\])\.query\b/;

export function testsReachingQueryParameters(root = projectRoot): string[] {
  const listed = run('git', ['ls-files', '-co', '--exclude-standard', '--', '*.test.ts']);
  if (listed.code !== 0) throw new Error(`git ls-files: ${listed.out}`);
  return listed.out
    .split('\n')
    .filter((f) => f && f !== EDIT_LOOP_TEST && existsSync(join(root, f)))
    .filter((f) => REACHES_QUERY_PARAMETERS.test(readFileSync(join(root, f), 'utf8')))
    .sort();
}
