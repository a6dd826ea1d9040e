/**
 * The console's two refusals, which decide its exit status (execute.ts): a UsageError is a bad command line — an
 * unknown command or option, a missing or malformed value, an unknown scope or role — found before the store is
 * touched (status 2); a ConsoleError is a well-formed command the data refuses — an unknown account or key, a move
 * the key's state forbids (status 1). Either way nothing was written.
 */
export class ConsoleError extends Error {}

export class UsageError extends ConsoleError {}
