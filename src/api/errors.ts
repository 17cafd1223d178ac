// How a failure reads to the user. Kept apart from http.ts so screens can word an error
// without reaching for the HTTP client (docs/architecture.md, house rule 1).

/** The message of an error (docs/spec.md §8 mapping already applied by http.ts), else `fallback`. */
export function errorMessage(error: unknown, fallback = '未知错误'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * A message template from docs/spec.md §8 with the error's own message in place of `{message}`:
 * '保存资产失败：{message}，请重试' → '保存资产失败：金额过大，请重试'. A template without the
 * placeholder (创建记录失败，请重试) is shown as it is.
 */
export function formatError(template: string, error: unknown): string {
  return template.replace('{message}', errorMessage(error));
}

/**
 * What a mutation says when it fails, declared next to it (`meta.errorMessage`) and shown by
 * the query client's one MutationCache handler, so no screen words or toasts it again.
 */
export type ErrorMessage = string | ((error: Error, variables: unknown) => string);

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { errorMessage?: ErrorMessage };
  }
}

export function mutationFailure(message: ErrorMessage, error: Error, variables: unknown): string {
  return typeof message === 'function' ? message(error, variables) : formatError(message, error);
}
