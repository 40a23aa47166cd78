// The audit trail's files are plain text: who acted (the OS account, the service's e-mail) and which
// file (a name, an export's path) are written there as pseudonyms, the first 16 hex characters of an
// HMAC-SHA256 under a key derived from the data key. The same value always gives the same id, so the
// trail still shows "the same person, the same file"; only a holder of the data key can tell which,
// from the readable values kept, by id, in the encrypted store (the caller's `keep`).
import { createHmac, hkdfSync } from 'node:crypto';

export const PSEUDONYM = /^[0-9a-f]{16}$/;

/** Turns a readable value into its id, keeping the value where the key's holder can read it back. */
export interface Pseudonyms {
  of(value: string): string;
}

/** The HMAC key of the trail's ids: derived, so an id never reveals anything of the data key itself. */
export function pseudonymKey(dataKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'casedesk audit pseudonyms v1', 32));
}

export function pseudonym(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('hex').slice(0, 16);
}

/** Pseudonyms under the data key; `keep(id, value)` stores the readable value (idempotent). */
export function keyedPseudonyms(dataKey: Buffer, keep: (id: string, value: string) => void): Pseudonyms {
  const key = pseudonymKey(dataKey);
  return {
    of(value) {
      const id = pseudonym(key, value);
      keep(id, value);
      return id;
    },
  };
}
