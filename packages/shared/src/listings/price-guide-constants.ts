/**
 * The price guide (issue 22, item 7): what the same gear sold for on Castline. Zod-free, so that
 * the web app may read these without the schemas.
 */

/** Fewer matching sales than this and the guide shows no figures (the page hides it). */
export const PRICE_GUIDE_MIN_SALES = 3;
/** Sales completed within this many months count. */
export const PRICE_GUIDE_MONTHS = 12;
/** The chart's points: at most this many, the newest sales. */
export const PRICE_GUIDE_POINTS_MAX = 60;

/**
 * What the figures describe: sales of the same brand and model, else of the same brand in the
 * same category, else none (too few sales either way).
 */
export const PRICE_GUIDE_MATCHES = ['model', 'brand', 'none'] as const;
export type PriceGuideMatch = (typeof PRICE_GUIDE_MATCHES)[number];
