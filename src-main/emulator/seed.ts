// The emulator's users, passwords and bot assignments. Format documented in docs/emulator.md ("The seed file").
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { appFiles } from '../layout/app-layout';
import { BotLastCampaign, BotStatusLast, BotType, ConversationType } from '../contract';

const SeedBot = z.looseObject({
  id: z.number().int().positive(),
  name: z.string(),
  alias: z.string(),
  bot_type: BotType,
  conversation_type: ConversationType,
  business_group_name: z.string().default(''),
  internal_tags: z.array(z.unknown()).default([]),
  external_tags: z.array(z.unknown()).default([]),
  error: z.number().int().default(0),
  active_wks: z.number().int().default(1),
  inactive_wks: z.number().int().default(0),
  last_campaign: BotLastCampaign.default({}),
  bot_status_last: BotStatusLast.default({}),
});
export type SeedBot = z.output<typeof SeedBot>;

export const Seed = z
  .object({
    /** Creditor name the bot says on calls. */
    company_name: z.string().default('Financiera Demo'),
    users: z.array(z.object({ email: z.string(), password: z.string(), bots: z.array(z.number().int()) })),
    bots: z.array(SeedBot),
  })
  .superRefine((seed, ctx) => {
    const ids = new Set(seed.bots.map((b) => b.id));
    seed.users.forEach((user, i) =>
      user.bots.forEach((id, j) => {
        if (!ids.has(id)) ctx.addIssue({ code: 'custom', path: ['users', i, 'bots', j], message: `bot ${id} is not in "bots"` });
      }),
    );
  });
export type Seed = z.output<typeof Seed>;

export const DEMO_SEED_FILE = appFiles().demoSeed;

export function loadSeed(file: string = DEMO_SEED_FILE): Seed {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Cannot read seed file ${file}: ${(err as Error).message}`);
  }
  const parsed = Seed.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Seed file ${file} is not valid at ${first?.path.join('.') || '(root)'}: ${first?.message}`);
  }
  return parsed.data;
}
