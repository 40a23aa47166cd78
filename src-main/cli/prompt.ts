// Asking for an e-mail and a password at the terminal; the password is not echoed.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

export async function ask(question: string, { secret = false } = {}): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('no terminal to ask on: set CASEDESK_EMAIL and CASEDESK_PASSWORD');
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    return await new Promise<string>((resolve) => {
      rl.question(question, (answer) => resolve(answer));
      muted = secret;
    });
  } finally {
    rl.close();
    if (secret) process.stderr.write('\n');
  }
}
