// Row types come from database.types.ts, which `supabase gen types` writes from the migrations
// (statuses arrive as the unions of their enums). The one thing the generator cannot see is stated
// with `Narrowed`, and only as a narrowing of the generated types: a generated column such as
// `is_approved boolean generated always as (status = 'approved')`, which it types as nullable
// although its expression is never null.

/** `Row` with some of its columns narrowed; a column that is not in `Row`, or a wider type, does not compile. */
export type Narrowed<Row, Columns extends { [K in keyof Columns]: K extends keyof Row ? Row[K] : never }> = Omit<
  Row,
  keyof Columns
> &
  Columns;
