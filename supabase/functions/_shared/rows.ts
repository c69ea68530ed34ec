// Row types come from database.types.ts, which `supabase gen types` writes from the migrations.
// Two things the generator cannot see are stated with `Narrowed`, and only as narrowings of the
// generated types: a text column that a CHECK constraint limits to a few values (the contract's
// status lists), and a generated column such as `is_approved boolean generated always as
// (status = 'approved')`, which it types as nullable although its expression is never null.

/** `Row` with some of its columns narrowed; a column that is not in `Row`, or a wider type, does not compile. */
export type Narrowed<Row, Columns extends { [K in keyof Columns]: K extends keyof Row ? Row[K] : never }> = Omit<
  Row,
  keyof Columns
> &
  Columns;
