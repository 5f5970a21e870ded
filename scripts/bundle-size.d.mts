export interface RouteBudget {
  route: string;
  area: string;
  budgetKb: number;
  targetKb?: number;
}
export interface RouteSize extends RouteBudget {
  kilobytes: number;
  chunks: number;
}
export function readBudgets(): { routes: RouteBudget[] };
export function firstLoadSizes(distDir?: string): RouteSize[];
