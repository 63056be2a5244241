/** What stands in a message where a secret (token, session id, password) was. */
export const REDACTED = '[redacted]';

/** The text with every occurrence of each secret replaced; empty secrets are ignored. */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  let out = text;
  // Every call's label goes through here: most texts hold no secret, and a split costs an array.
  for (const secret of secrets) if (secret && out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}
