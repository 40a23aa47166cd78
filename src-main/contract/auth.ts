import { z } from 'zod';

export const LoginRequest = z.object({
  email: z.email(),
  password: z.string().min(1),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const TokenPair = z.looseObject({
  access: z.string().min(1),
  refresh: z.string().min(1),
});
export type TokenPair = z.infer<typeof TokenPair>;

/** Body of POST /auth/token/refresh/; the refresh token itself travels in `Authorization: JWT <refresh>`. */
export const RefreshRequest = z.object({
  access: z.string().min(1),
});
export type RefreshRequest = z.infer<typeof RefreshRequest>;

export const REFRESH_AUTH_SCHEME = 'JWT';
export const ACCESS_AUTH_SCHEME = 'Bearer';
