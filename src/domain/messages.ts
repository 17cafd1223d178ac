// Messages the server and the browser both produce (docs/spec.md §8). Kept free of imports: the
// login route's http client uses them and is held to 100 KB gzip (docs/spec.md "Budgets").

/** A call without a signed-in user: refused by the client before sending, and by the server. */
export const NOT_LOGGED_IN = '用户未登录';
