// Parses Postgres's text form of an array ('{a,"b c",NULL}', '{{1,2},{3,4}}', '[0:1]={x,y}')
// into nested JS arrays of element texts, so elements can be converted like scalars. Hosted
// Realtime sends arrays as JSON arrays (to_jsonb), and pgoutput gives only this text form.

export type PgArray = Array<string | null | PgArray>;

export function parseArrayLiteral(text: string, delimiter = ","): PgArray {
  let position = 0;
  // Explicit bounds ("[0:2]={...}") only matter to Postgres; JSON arrays have none.
  if (text.startsWith("[")) {
    const equals = text.indexOf("=");
    if (equals < 0) throw new Error(`malformed array literal: ${text}`);
    position = equals + 1;
  }

  const parseArray = (): PgArray => {
    if (text[position] !== "{") throw new Error(`malformed array literal: ${text}`);
    position++;
    const items: PgArray = [];
    if (text[position] === "}") {
      position++;
      return items;
    }
    for (;;) {
      skipSpaces();
      const char = text[position];
      if (char === "{") items.push(parseArray());
      else if (char === '"') items.push(parseQuoted());
      else items.push(parseBare());
      skipSpaces();
      const separator = text[position++];
      if (separator === "}") return items;
      if (separator !== delimiter) throw new Error(`malformed array literal: ${text}`);
    }
  };

  const parseQuoted = (): string => {
    position++; // opening quote
    let value = "";
    for (;;) {
      const char = text[position++];
      if (char === undefined) throw new Error(`malformed array literal: ${text}`);
      if (char === '"') return value;
      value += char === "\\" ? text[position++] : char;
    }
  };

  const parseBare = (): string | null => {
    const start = position;
    while (position < text.length && text[position] !== delimiter && text[position] !== "}") position++;
    const value = text.slice(start, position).trim();
    // Only an unquoted NULL is the null value; "NULL" in quotes is the string.
    return value.toUpperCase() === "NULL" ? null : value;
  };

  const skipSpaces = () => {
    while (text[position] === " ") position++;
  };

  const result = parseArray();
  if (position !== text.length) throw new Error(`malformed array literal: ${text}`);
  return result;
}
