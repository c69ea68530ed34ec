// Cambodian phone numbers: local form 0XX XXX XXX(X) or international +855 XX XXX XXX(X).
// Stored normalised as +855 followed by the 8 or 9 digit subscriber number.
const separators = /[\s\-().]/g;

export function normaliseCambodianPhone(input: string): string | null {
  const compact = input.trim().replace(separators, "");
  const match = /^(?:\+855|00855|855|0)([1-9]\d{7,8})$/.exec(compact);
  return match ? `+855${match[1]}` : null;
}
