/** Removes API key secrets from any text that may be logged or echoed (URLs, validator messages). */
const KEY_LIKE = /sk_(live|test)_[0-9A-Za-z]*/g;

export function redactSecrets(text: string): string {
  return text.replace(KEY_LIKE, 'sk_$1_[REDACTED]');
}
