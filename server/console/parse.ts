/**
 * Reads the console's command line against the command table: which command, its option values and argument, or
 * the help to print. Nothing here touches a store, so a bad command line (status 2) never reaches one. Each
 * command takes only its own options (and the global ones): an option another command takes is refused here.
 */
import { parseArgs } from 'node:util';
import { COMMANDS, type CommandInput, type CommandSpec } from './command-table.ts';
import { UsageError } from './errors.ts';
import { commandHelp, commandsHelp, fullHelp, synopsis } from './help.ts';

export type Invocation =
  | { kind: 'print'; code: 0 | 2; lines: string[] }
  | {
      kind: 'run';
      name: string;
      command: CommandSpec;
      input: CommandInput;
      json: boolean;
      dataDir: string | undefined;
    };

/** Options every command takes: where the store is (ignored by a server, which has its own) and the output form. */
const GLOBAL = { 'data-dir': { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean' } } as const;

const usage = (message: string, more: string[] = []): Invocation => ({
  kind: 'print',
  code: 2,
  lines: [`error: ${message}`, ...more],
});

export function parseInvocation(argv: string[], table: Readonly<Record<string, CommandSpec>> = COMMANDS): Invocation {
  // First pass, loose: only to find the command's words among the options of every command.
  const loose = Object.fromEntries(
    Object.values(table)
      .flatMap((c) => Object.keys(c.options))
      .map((o) => [o, { type: 'string' as const }]),
  );
  const all = { ...loose, ...GLOBAL };
  const first = parseArgs({ args: argv, options: all, allowPositionals: true, strict: false, tokens: true });
  const stranger = first.tokens.find((t) => t.kind === 'option' && !Object.hasOwn(all, t.name));
  if (stranger?.kind === 'option') return usage(`unknown option ${stranger.rawName}`, [commandsHelp(table)]);
  const words = first.positionals;

  if (words[0] === 'help') return helpFor(words.slice(1), table);
  if (words.length === 0)
    return first.values.help
      ? { kind: 'print', code: 0, lines: [fullHelp(table)] }
      : usage('no command given', [commandsHelp(table)]);
  const name = words.slice(0, 2).join(' ');
  const command = table[name];
  if (!command)
    return usage(words.length === 1 ? `'${name}' needs a command` : `unknown command '${name}'`, [commandsHelp(table)]);

  const accepted: Record<string, { type: 'string' | 'boolean' }> = {
    ...Object.fromEntries(Object.keys(command.options).map((o) => [o, { type: 'string' as const }])),
    ...GLOBAL,
  };
  // Not parseArgs' strict mode: its messages are about parseArgs ("To specify a positional argument…"); these say
  // what this command takes.
  const { values, positionals, tokens } = parseArgs({
    args: argv,
    options: accepted,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const seen = new Set<string>();
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    const more = [`usage: npm run console -- ${synopsis(name, command)}`];
    if (!Object.hasOwn(accepted, t.name)) return usage(`${name} has no option ${t.rawName} (see help ${name})`, more);
    if (seen.has(t.name)) return usage(`--${t.name} is given twice`, more);
    seen.add(t.name);
    const placeholder = command.options[t.name]?.value ?? 'DIR';
    if (accepted[t.name]!.type === 'boolean' && t.value !== undefined) return usage(`--${t.name} takes no value`, more);
    if (
      accepted[t.name]!.type === 'string' &&
      (t.value === undefined || (!t.inlineValue && t.value.startsWith('--')))
    ) {
      return usage(
        `--${t.name} needs a value: --${t.name} ${placeholder} (for a value starting with --, write --${t.name}=VALUE)`,
        more,
      );
    }
  }
  if (values.help) return { kind: 'print', code: 0, lines: [commandHelp(name, command)] };

  const extra = positionals.slice(command.argument ? 3 : 2);
  if (extra.length > 0)
    return usage(`unexpected argument '${extra[0]}'`, [`usage: npm run console -- ${synopsis(name, command)}`]);
  const argument = command.argument ? positionals[2] : undefined;
  if (command.argument && argument === undefined)
    return usage(`${name} needs ${command.argument.name}: ${command.argument.help}`);

  const given = values as Record<string, string | boolean | undefined>;
  const groups = new Map<string, string[]>();
  for (const [option, spec] of Object.entries(command.options)) {
    if (spec.required && given[option] === undefined)
      return usage(`${name} needs --${option} ${spec.value}: ${spec.help}`);
    if (spec.oneOf) groups.set(spec.oneOf, [...(groups.get(spec.oneOf) ?? []), option]);
  }
  for (const options of groups.values()) {
    const set = options.filter((o) => given[o] !== undefined);
    if (set.length !== 1) {
      const alternatives = options.map((o) => `--${o} ${command.options[o]!.value}`).join(' or ');
      return usage(
        set.length === 0
          ? `${name} needs ${alternatives}`
          : `give ${options.map((o) => `--${o}`).join(' or ')}, not both`,
      );
    }
  }
  const input = {
    values: Object.fromEntries(Object.keys(command.options).map((o) => [o, given[o] as string | undefined])),
    argument,
  };
  try {
    command.check?.(input);
  } catch (e) {
    if (e instanceof UsageError) return usage(e.message);
    throw e;
  }
  return {
    kind: 'run',
    name,
    command,
    input,
    json: values.json === true,
    dataDir: values['data-dir'] as string | undefined,
  };
}

function helpFor(words: string[], table: Readonly<Record<string, CommandSpec>>): Invocation {
  if (words.length === 0) return { kind: 'print', code: 0, lines: [fullHelp(table)] };
  const name = words.join(' ');
  const command = table[name];
  if (command) return { kind: 'print', code: 0, lines: [commandHelp(name, command)] };
  const group = Object.keys(table).filter((n) => n.startsWith(`${name} `));
  if (group.length > 0) return { kind: 'print', code: 0, lines: group.map((n) => commandHelp(n, table[n]!)) };
  return usage(`unknown command '${name}'`, [commandsHelp(table)]);
}
