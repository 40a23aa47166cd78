// The app's command surface: one typed list of procedures with zod inputs. Served to the renderer
// over Electron IPC, to a browser over the local HTTP host, and to the `casedesk` CLI.
// Pure: shared with the renderer, so it imports nothing from Node.
import { z } from 'zod';
import type { Bot, Campaign, CampaignListItem, InboundCase } from '../contract';
import { IsoDate } from '../contract';
import { Environment } from '../domain/environments';

const Id = z.number().int().positive();
/** Omitted: the environment the agent last signed in to. */
const Env = Environment.optional();

export const procedures = {
  'environments:list': z.object({}),
  'environments:setBaseUrl': z.object({ environment: Environment, baseUrl: z.string().min(1) }),
  'session:signIn': z.object({ environment: Environment, email: z.email(), password: z.string().min(1), baseUrl: z.string().min(1).optional() }),
  'session:signOut': z.object({ environment: Env }),
  'session:status': z.object({ environment: Env }),
  'bots:list': z.object({ environment: Env }),
  'campaigns:list': z.object({ environment: Env, botId: Id }),
  'campaigns:show': z.object({ environment: Env, campaignId: Id }),
  'inbound:list': z.object({ environment: Env, botId: Id.optional(), from: IsoDate.optional(), to: IsoDate.optional() }),
} as const;

export type ProcedureName = keyof typeof procedures;
export type ProcedureInput<N extends ProcedureName> = z.input<(typeof procedures)[N]>;

export interface EnvironmentInfo {
  name: Environment;
  baseUrl: string | null;
  /** Demo's address is chosen when its service starts. */
  builtIn: boolean;
}

/** What the renderer may know of a session: never a token. */
export interface SessionStatus {
  environment: Environment;
  signedIn: boolean;
  state: 'signed-out' | 'active' | 'expired';
  email: string | null;
  baseUrl: string | null;
}

export interface ProcedureOutputs {
  'environments:list': EnvironmentInfo[];
  'environments:setBaseUrl': EnvironmentInfo;
  'session:signIn': SessionStatus;
  'session:signOut': SessionStatus;
  'session:status': SessionStatus;
  'bots:list': Bot[];
  'campaigns:list': CampaignListItem[];
  'campaigns:show': Campaign;
  'inbound:list': InboundCase[];
}

export type ErrorCode = 'invalid-input' | 'unknown-procedure' | 'not-signed-in' | 'session-expired' | 'offline' | 'timeout' | 'server' | 'refused' | 'contract' | 'not-found' | 'internal';

export interface SurfaceError {
  code: ErrorCode;
  message: string;
}

/** Every answer crosses the boundary as data (Signal's envelope). */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: SurfaceError };
