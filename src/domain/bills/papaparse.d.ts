// The part of papaparse the bill import uses. Declared here rather than taken from
// @types/papaparse, which pulls Node's types into src/domain and would hide a Node global
// used by mistake from the domain's own type-check (tsconfig.domain.json).
declare module 'papaparse' {
  interface ParseResult {
    data: string[][];
    errors: { row?: number; message: string }[];
  }
  const Papa: { parse(input: string, config: { delimiter: string }): ParseResult };
  export default Papa;
}
