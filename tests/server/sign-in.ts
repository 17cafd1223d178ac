/** Signs `username` in against an app in process and answers its bearer token. */
export async function tokenFor(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  username = 'alice',
  password = 'alice-pass',
): Promise<string> {
  const login = await app.fetch(
    new Request('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    }),
  );
  const { token } = (await login.json()) as { token: string };
  return token;
}
