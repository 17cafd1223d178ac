import { z } from 'zod';

// 账号安全 (设置): the forms and answers of /api/auth/sessions and /api/auth/password.

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, '请输入当前密码').max(256, '密码最多 256 个字符'),
    newPassword: z.string().min(8, '新密码至少 8 位').max(256, '密码最多 256 个字符'),
    /** Signs out every other device; the form ticks it by default. */
    signOutOthers: z.boolean().default(true),
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: '新密码不能与当前密码相同',
    path: ['newPassword'],
  });

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** One signed-in device, as 登录设备 lists it. */
export interface SessionInfo {
  /** A short handle of the session (never its token). */
  id: string;
  userAgent: string;
  /** ISO-8601. */
  createdAt: string;
  /** ISO-8601; '' when not recorded since sign-in. */
  lastUsedAt: string;
  /** The session this request came from. */
  current: boolean;
}

/** GET /api/auth/totp. */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** POST /api/auth/totp/setup: a new secret to confirm with a code (nothing is stored yet). */
export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** The otpauth:// address as a QR code, SVG. */
  qrSvg: string;
}

export const enableTotpSchema = z.object({
  secret: z.string().regex(/^[A-Z2-7]{16,128}$/, '密钥无效'),
  code: z.string().regex(/^\d{6}$/, '请输入 6 位验证码'),
  password: z.string().min(1, '请输入当前密码').max(256, '密码最多 256 个字符'),
});
export type EnableTotpInput = z.infer<typeof enableTotpSchema>;

export const disableTotpSchema = z.object({
  password: z.string().min(1, '请输入当前密码').max(256, '密码最多 256 个字符'),
});
