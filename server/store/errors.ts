/**
 * Errors raised by the store, in four kinds:
 * - StoreUnavailableError: the database is not there (transient). HTTP maps it to 503 SERVICE_UNAVAILABLE.
 * - StoreDataError and its subclasses: the caller's input names something that does not exist or holds a value the
 *   schema cannot hold exactly. Nothing was written. The console reports them like its own input errors; over
 *   HTTP they are a 500 (or a 404 where the caller decides so), since handlers check their input first.
 * - StoreMisuseError: the store was called in a way its API forbids (a bug in the calling code, not in the data).
 * - DataDirInUseError: another opener holds the embedded data directory.
 * Everything else (a constraint violation, SQL errors) comes from the driver as it is.
 */

/**
 * The database cannot be reached or stopped answering (connection refused/reset, admin shutdown, pool or query
 * timeout, PGlite closed). Transient by nature: the same call may succeed once the database is back.
 */
export class StoreUnavailableError extends Error {
  /** Driver error code when there was one (e.g. ECONNREFUSED, 57P01, 08006). */
  readonly code: string | undefined;

  constructor(message: string, options: { cause?: unknown; code?: string | undefined } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StoreUnavailableError';
    this.code = options.code;
  }
}

/** The input names something that does not exist or a value the schema cannot hold; nothing was written. */
export class StoreDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreDataError';
  }
}

/** setKeyStatus / replaceKeySecret / updateKey on an id that does not exist. */
export class KeyNotFoundError extends StoreDataError {
  readonly keyId: string;

  constructor(keyId: string) {
    super(`API key ${keyId} not found`);
    this.name = 'KeyNotFoundError';
    this.keyId = keyId;
  }
}

/** A write that needs an account (createKey) names one that does not exist. */
export class AccountNotFoundError extends StoreDataError {
  readonly accountId: string;

  /** `action` says what could not be done, e.g. "cannot create API key". */
  constructor(accountId: string, action: string) {
    super(`${action}: account ${accountId} not found`);
    this.name = 'AccountNotFoundError';
    this.accountId = accountId;
  }
}

/** A value the schema cannot hold exactly (e.g. a money string with 3 decimals): rejected rather than rounded. */
export class InvalidStoreValueError extends StoreDataError {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidStoreValueError';
  }
}

/** The store was used in a way its API forbids: a programming error in the caller, never caused by data. */
export class StoreMisuseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreMisuseError';
  }
}

/** A second opener of a PGlite data directory (another process, or this process twice). */
export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly pid: number | undefined;

  constructor(dataDir: string, message: string, pid: number | undefined) {
    super(message);
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

/** The SQLSTATE (or errno) code an error from the driver carries, if any. */
export const sqlState = (err: unknown): string | undefined =>
  (err as { code?: unknown } | null)?.code as string | undefined;
