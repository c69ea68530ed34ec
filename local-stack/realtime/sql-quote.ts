// Quoting for the few statements the stand-in has to build as text: the visibility checks run
// as one multi-statement simple query (one round trip for many checks), and the simple protocol
// takes no parameters. The connection forces standard_conforming_strings=on, so doubling single
// quotes is a complete escape for literals.

/** `name` as a double-quoted SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `value` as a single-quoted SQL literal of unknown type (Postgres resolves it from context). */
export function quoteLiteral(value: string): string {
  if (value.includes("\u0000")) throw new Error("a SQL literal cannot contain a NUL character");
  return `'${value.replace(/'/g, "''")}'`;
}
