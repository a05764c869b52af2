import type { Role } from './roles';

/**
 * What every route declares in its config: who may call it. A global hook enforces it and a test
 * fails on any route that declares nothing, so no route is public by accident.
 */
export type RouteAccess = 'public' | 'signed-in' | { minRole: Role };
