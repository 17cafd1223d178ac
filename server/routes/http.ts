import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type * as core from 'zod/v4/core';
import type { User } from '../../src/domain/schemas/auth';

/** What every /api handler after the auth middleware can read from the context. */
export type AppEnv = { Variables: { user: User; tokenHash: string } };

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const errorBody = (error: string) => ({ error });

/** `{error}` with a status: the one shape every failure has (docs/spec.md §7 "Server contract"). */
export function fail(c: Context, status: ContentfulStatusCode, error: string) {
  return c.json(errorBody(error), status);
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads a JSON object body and validates it. Throws HttpError: 415 for another content
 * type, 400 for a body that is not JSON or not an object, or for the first field that
 * breaks the schema, named as `<field>: <message>`.
 */
export async function readBody<S extends core.$ZodType>(
  c: Context,
  schema: S,
): Promise<core.output<S>> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new HttpError(415, '请求体必须是 JSON（Content-Type: application/json）');
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch (err) {
    if (err instanceof SyntaxError) throw new HttpError(400, '请求体不是有效的 JSON');
    throw err;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, '请求体必须是 JSON 对象');
  }
  const result = await z.safeParseAsync(schema, body);
  if (!result.success) throw new HttpError(400, issueMessage(result.error));
  return result.data;
}

/** The first problem of a failed validation as `<field>: <message>`. */
export function issueMessage(error: { issues: readonly core.$ZodIssue[] }): string {
  const issue = error.issues[0]!;
  const field = issue.path.map(String).join('.') || '请求体';
  return `${field}: ${issue.message}`;
}
