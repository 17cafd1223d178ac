import { z } from 'zod';

export const loginSchema = z.object({
  username: z.string().trim().min(1, { message: '请输入用户名' }).max(64),
  password: z.string().min(1, { message: '请输入密码' }).max(256),
});

export type LoginInput = z.infer<typeof loginSchema>;

export interface User {
  username: string;
  displayName: string;
}

export interface LoginResponse {
  token: string;
  user: User;
}
