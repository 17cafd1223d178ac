import { parseArgs } from 'node:util';
import { databaseFile, dataDir } from '../config';
import { openSqliteStore } from '../db/sqlite-store';
import { makePrivateDir, setPrivateUmask } from '../file-modes';
import { createNodePasswordHasher } from '../node-auth';
import { displayNameSchema, passwordSchema, setUser, usernameSchema } from '../users';

// npm run user -- set <username> [--display-name NAME]
// npm run user -- reset-2fa <username>
// Reads the password from stdin: typed twice without echo on a terminal, else the first line
// of piped input. Safe while the server runs (SQLite WAL); the user's sessions end when the
// password changes.

const USAGE = [
  '用法 / usage:',
  '  npm run user -- set <username> [--display-name <显示名称>]',
  '  npm run user -- reset-2fa <username>   关闭两步验证 / turn two-step sign-in off',
].join('\n');

/** Turns 两步验证 off for a user who lost both the phone and the recovery codes. */
async function resetTwoFactor(rawUsername: string) {
  const username = usernameSchema.safeParse(rawUsername);
  if (!username.success) fail(username.error.issues[0]!.message);
  const store = openSqliteStore(databaseFile());
  try {
    const user = await store.users.get(username.data);
    if (!user) fail(`没有账户 / no such user: ${username.data}`);
    if (!user.twoFactor) {
      console.log(`账户 ${username.data}: 未开启两步验证 / two-step sign-in was not on`);
      return;
    }
    await store.users.upsert({ ...user, twoFactor: null });
    console.log(
      `账户 ${username.data}: 已关闭两步验证，可只用密码登录 / two-step sign-in turned off`,
    );
  } finally {
    store.close();
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function promptHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  return new Promise((resolve) => {
    stdout.write(prompt);
    let value = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          stdout.write('\n');
          process.exit(130);
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPiped(): Promise<string> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  return input.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPiped();
  const first = await promptHidden('新密码 / New password: ');
  const second = await promptHidden('再输入一次 / Repeat: ');
  if (first !== second) fail('两次输入的密码不一致 / The passwords differ.');
  return first;
}

async function main() {
  setPrivateUmask();
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'display-name': { type: 'string' } },
  });
  const [command, rawUsername] = positionals;
  if (command === 'reset-2fa' && rawUsername && positionals.length === 2) {
    return resetTwoFactor(rawUsername);
  }
  if (command !== 'set' || !rawUsername || positionals.length > 2) fail(USAGE);

  const username = usernameSchema.safeParse(rawUsername);
  if (!username.success) fail(username.error.issues[0]!.message);
  const displayName = values['display-name'];
  if (displayName !== undefined) {
    const checked = displayNameSchema.safeParse(displayName);
    if (!checked.success) fail(checked.error.issues[0]!.message);
  }
  const password = passwordSchema.safeParse(await readPassword());
  if (!password.success) fail(password.error.issues[0]!.message);

  makePrivateDir(dataDir());
  const store = openSqliteStore(databaseFile());
  try {
    const outcome = await setUser(store, createNodePasswordHasher(), {
      username: username.data,
      password: password.data,
      displayName,
    });
    const text = {
      created: '已创建 / created',
      updated: '已更新 / updated',
      unchanged: '未变化 / unchanged',
    };
    console.log(`账户 ${username.data}: ${text[outcome]}`);
  } finally {
    store.close();
  }
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
