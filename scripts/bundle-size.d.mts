export interface RouteBudget {
  route: string;
  /** The page's area (app/areas/*). */
  area: string;
  /** The area of a lazily loaded layout the page renders in, loaded with the page's. */
  layoutArea?: string;
  /** The paths that share this first load. */
  routes: string[];
  budgetKb: number;
  targetKb?: number;
}
export interface RouteSize extends RouteBudget {
  kilobytes: number;
  chunks: number;
}
export function readBudgets(): { routes: RouteBudget[] };
export function areasWithoutBudget(): string[];
export function firstLoadSizes(distDir?: string): RouteSize[];
