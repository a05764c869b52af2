/**
 * A visitor's way through the chapter. Automatic moves only go forward; "not a fit" ends it from any stage.
 * `invited`: a member added them without a meeting; `registered`: they hold a seat at a meeting.
 */
export const VISITOR_STAGES = [
  'invited',
  'registered',
  'attended',
  'followed_up',
  'applied',
  'member',
  'not_a_fit',
] as const;
export type VisitorStage = (typeof VISITOR_STAGES)[number];

/** Where the visitor came from: the public page, a member's invitation, or straight in at the door. */
export const VISITOR_SOURCES = ['public_form', 'member', 'walk_in'] as const;
export type VisitorSource = (typeof VISITOR_SOURCES)[number];

/** The stage an automatic move lands on: never behind where the visitor already is. */
export function forwardStage(current: VisitorStage, next: VisitorStage): VisitorStage {
  if (current === 'not_a_fit') return current;
  return VISITOR_STAGES.indexOf(next) > VISITOR_STAGES.indexOf(current) ? next : current;
}

/** How many meetings one person may visit a chapter before they are asked to apply, unless the chapter says. */
export const DEFAULT_VISIT_LIMIT = 2;

/** Shortest time a person takes to fill the visit form; a faster post is a bot's (milliseconds). */
export const MIN_FILL_MS = 3_000;

/** How many upcoming meetings the visit page offers. */
export const VISIT_PAGE_MEETINGS = 4;
