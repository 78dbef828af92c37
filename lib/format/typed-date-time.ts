/**
 * Dates and times as an Indian user types and reads them: dd/mm/yyyy and 24-hour HH:MM (IST), whatever the browser's
 * locale would make of a native date or time input. An ISO yyyy-mm-dd typed or pasted is taken as well.
 */

/** "2027-12-27" → "27/12/2027"; anything not an ISO day is shown as it is. */
export function isoDayToTyped(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** "27/12/2027", "27-12-2027", "27.12.2027" or "2027-12-27" → "2027-12-27"; "" → ""; anything else (31/02/2027) → null. */
export function typedToIsoDay(text: string): string | null {
  const t = text.trim();
  if (t === "") return "";
  let y: number, mo: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (iso) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy) [d, mo, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** "9:15", "09:15" or "0915" → "09:15"; "" → ""; anything else (24:00, 8:45 PM) → null. */
export function typedToClock(text: string): string | null {
  const t = text.trim();
  if (t === "") return "";
  const m = /^(\d{1,2}):?(\d{2})$/.exec(t);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
}
