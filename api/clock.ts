/** The time as the app sees it: the system's, or a test's frozen or moved clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
