/**
 * Errors raised by the store. The HTTP layer maps StoreUnavailableError to 503 SERVICE_UNAVAILABLE; the others are
 * programming or data errors (500, or a 404 where the caller decides so).
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

/** setKeyStatus / replaceKeySecret / updateKey on an id that does not exist. */
export class KeyNotFoundError extends Error {
  readonly keyId: string;

  constructor(keyId: string) {
    super(`API key ${keyId} not found`);
    this.name = 'KeyNotFoundError';
    this.keyId = keyId;
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

/** A value the schema cannot hold exactly (e.g. a money string with 3 decimals): rejected rather than rounded. */
export class InvalidStoreValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidStoreValueError';
  }
}
