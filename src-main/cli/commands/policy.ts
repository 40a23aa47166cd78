// `casedesk policy`: what the organization's policy sets on this machine, and the file it came from.
import { Command } from 'commander';
import { globals, printJson } from '../cli-context';
import { noteLine, printableText, words } from '../cli-globals';
import type { HelpWords } from '../cli-help';

export function policyCommand(help: HelpWords): Command {
  return new Command('policy').description(help('help.policy.what')).action(async (_opts: unknown, command: Command) => {
    const [{ effectivePolicy }, { cliPolicy }] = await Promise.all([import('../../policy/policy'), import('../cli-policy')]);
    const effective = effectivePolicy(cliPolicy());
    const { json, lang } = globals(command);
    // With --json the warnings are data ({code, params}) beside what the policy sets.
    if (json) {
      printJson(effective);
      return;
    }
    const out = process.stdout;
    // The keys and values are the policy file's (or the defaults'): printable.
    const shown = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));
    if (effective.file === null) {
      out.write(`${words(lang, 'line.policy.none', {})}\n`);
    } else {
      out.write(`${words(lang, 'line.policy.file', { file: effective.file })}\n`);
      const set = Object.entries(effective.policy);
      if (set.length === 0) out.write(`${words(lang, 'line.policy.sets_nothing', {})}\n`);
      for (const [key, value] of set) out.write(`  ${printableText(key)}: ${printableText(shown(value))}\n`);
    }
    for (const [key, value] of Object.entries(effective.defaults)) {
      if (!(key in effective.policy)) out.write(`  ${words(lang, 'line.policy.default', { key, value: shown(value) })}\n`);
    }
    for (const warning of effective.warnings) process.stderr.write(noteLine('warning', warning, lang));
  });
}
