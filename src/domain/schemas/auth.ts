// zod/mini rather than zod: this schema is the only one the login route loads, and the
// classic build would add ~25 KB gzip to a page held to 100 KB (docs/spec.md "Budgets").
import { z } from 'zod/mini';

export const loginSchema = z.object({
  username: z
    .string({ error: '请输入用户名' })
    .check(z.trim(), z.minLength(1, '请输入用户名'), z.maxLength(64, '用户名最多 64 个字符')),
  password: z
    .string({ error: '请输入密码' })
    .check(z.minLength(1, '请输入密码'), z.maxLength(256, '密码最多 256 个字符')),
  /** The device token this browser got at an earlier sign-in to this account (server/auth.ts). */
  deviceToken: z.optional(z.string().check(z.maxLength(512))),
  /** 两步验证: the six-digit code, or a recovery code; asked for once the password is right. */
  code: z.optional(z.string().check(z.maxLength(64))),
});

export type LoginInput = z.infer<typeof loginSchema>;

export interface User {
  username: string;
  displayName: string;
}

export interface LoginResponse {
  token: string;
  user: User;
  /** Keep it for this username and send it with the next login here. */
  deviceToken: string;
  /** Signed in with the password the server generated at first start: offer 修改初始密码. */
  initialPassword?: boolean;
}
