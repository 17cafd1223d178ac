import { z } from 'zod';
import type { PasswordHasher, Store } from './store';

// Usernames travel in the x-user-id header, so they are kept to header-safe ASCII.
export const usernameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, { message: '用户名只能包含字母、数字、_ . -，最长 64 位' });

export const passwordSchema = z
  .string()
  .min(8, { message: '密码至少 8 位' })
  .max(256, { message: '密码最多 256 位' });

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, { message: '请填写显示名称' })
  .max(64, { message: '显示名称最多 64 个字符' });

/** One entry of PM_USERS. */
export const userSpecSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  displayName: displayNameSchema.optional(),
});
export type UserSpec = z.infer<typeof userSpecSchema>;

/**
 * Creates the user or brings it up to date. A password that changes revokes the user's
 * sessions; applying the same spec again (PM_USERS on every start) writes nothing and
 * keeps everyone signed in.
 */
export async function setUser(
  store: Store,
  hasher: PasswordHasher,
  { username, password, displayName }: UserSpec,
): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await store.users.get(username);
  const name = displayName ?? existing?.displayName ?? username;
  if (existing && (await hasher.verify(password, existing.passwordHash))) {
    if (existing.displayName === name) return 'unchanged';
    await store.users.upsert({ ...existing, displayName: name });
    return 'updated';
  }
  await store.users.upsert({
    username,
    displayName: name,
    passwordHash: await hasher.hash(password),
    // A password someone chose: no longer the generated one.
    initialPassword: false,
  });
  if (!existing) return 'created';
  await store.sessions.removeForUser(username);
  return 'updated';
}

/**
 * The account a server without users makes at first start, `admin` with a random password that
 * is printed once. Marked as such, so that its first sign-in offers 修改初始密码.
 */
export async function createFirstAdmin(store: Store, hasher: PasswordHasher): Promise<string> {
  // Web Crypto, not node:crypto: the demo server runs this module in the browser too.
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const password = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_');
  await setUser(store, hasher, { username: 'admin', password, displayName: '管理员' });
  const admin = (await store.users.get('admin'))!;
  await store.users.upsert({ ...admin, initialPassword: true });
  return password;
}

/**
 * One PM_USERS entry, applied at every start. A password is set when the account is made and
 * afterwards only when PM_USERS gives a value other than the one it last applied (kept as a
 * hash in `appliedPassword`): a password changed in the app or with `npm run user -- set`
 * survives restarts, and editing PM_USERS is still how its owner resets one.
 */
export async function applyUserSpec(
  store: Store,
  hasher: PasswordHasher,
  spec: UserSpec,
): Promise<'created' | 'updated' | 'unchanged' | 'kept'> {
  const existing = await store.users.get(spec.username);
  if (!existing) {
    const passwordHash = await hasher.hash(spec.password);
    await store.users.upsert({
      username: spec.username,
      displayName: spec.displayName ?? spec.username,
      passwordHash,
      appliedPassword: passwordHash,
    });
    return 'created';
  }
  const name = spec.displayName ?? existing.displayName;
  if (existing.appliedPassword && (await hasher.verify(spec.password, existing.appliedPassword))) {
    if (existing.displayName === name) return 'unchanged';
    await store.users.upsert({ ...existing, displayName: name });
    return 'updated';
  }
  if (!existing.appliedPassword) {
    // Made before the value was kept, when PM_USERS was applied at every start: its value is
    // the one applied at the last start, and a password that differs from it was changed since.
    const same = await hasher.verify(spec.password, existing.passwordHash);
    await store.users.upsert({
      ...existing,
      displayName: name,
      appliedPassword: same ? existing.passwordHash : await hasher.hash(spec.password),
    });
    return same ? (existing.displayName === name ? 'unchanged' : 'updated') : 'kept';
  }
  // A new value in PM_USERS: its owner means to reset the password.
  const passwordHash = await hasher.hash(spec.password);
  await store.users.upsert({
    ...existing,
    displayName: name,
    passwordHash,
    appliedPassword: passwordHash,
    initialPassword: false,
  });
  await store.sessions.removeForUser(spec.username);
  return 'updated';
}
