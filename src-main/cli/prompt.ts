// Asking for an e-mail and a password at the terminal; the password is not echoed.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { Failure } from '../domain/failures/failure';
import { CliFailure } from './cli-globals';

/** A person's Ctrl-C at a prompt ends the run as Ctrl-C does (130), worded in --lang by main(). */
const INTERRUPTED_EXIT_CODE = 130;

/** Asks `question` (already worded in the run's --lang) on stderr; a scheduled run, with no terminal, is told to set the variables. */
export async function ask(question: string, { secret = false } = {}): Promise<string> {
  if (!process.stdin.isTTY) throw new Failure('cli.no_terminal', {});
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    return await new Promise<string>((resolve, reject) => {
      // In terminal mode readline takes Ctrl-C itself: without this it only pauses, and the run hangs or ends as if answered.
      rl.once('SIGINT', () => reject(new CliFailure('interrupted', INTERRUPTED_EXIT_CODE, { code: 'cli.interrupted', params: {} })));
      rl.question(question, (answer) => resolve(answer));
      muted = secret;
    });
  } finally {
    rl.close();
    if (secret) process.stderr.write('\n');
  }
}
