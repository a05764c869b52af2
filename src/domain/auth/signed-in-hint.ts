/**
 * A cookie the web app can read (the session cookie is httpOnly): "a session was opened here". It holds
 * no secret and grants nothing; it only lets a signed-out visitor's pages skip GET /api/auth/user, whose
 * 401 would cost a request on every page and print an error in the browser console. See docs/decisions/0009.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';
