/*
 * URLSearchParams, which browsers and Node both provide (search-criteria.ts reads and writes
 * addresses with it). This package compiles without DOM or Node types; the apps compile its
 * sources with their own.
 */
interface URLSearchParams {
  append(name: string, value: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  set(name: string, value: string): void;
  toString(): string;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

// eslint-disable-next-line no-var
declare var URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string | Record<string, string> | URLSearchParams): URLSearchParams;
};
