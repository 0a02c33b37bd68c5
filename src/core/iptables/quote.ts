/**
 * Quoting as iptables-save does it. Extensions print free text (comments, log prefixes, helper
 * names) through `xtables_save_string` (libxtables/xtables.c): a value made only of
 * `[A-Za-z0-9_-]` is printed bare, anything else inside `"…"` with `"`, `\` and `'` escaped by a
 * backslash. Other values (addresses, ports, marks) are printed bare; we quote them only when the
 * restore tokenizer would otherwise split or misread them.
 */

/** Options whose value iptables-save prints with xtables_save_string. */
const SAVE_STRING_OPTIONS: ReadonlySet<string> = new Set([
  '--comment',
  '--log-prefix',
  '--nflog-prefix',
  '--helper',
  '--ulog-prefix',
  '--string',
]);

function isBareChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
}

/** `value` quoted and escaped: `"a \"b\""`. */
function quote(value: string): string {
  let out = '"';
  let run = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 34 || c === 92 || c === 39) {
      out += `${value.slice(run, i)}\\`;
      run = i;
    }
  }
  return `${out}${value.slice(run)}"`;
}

/** A value as iptables-save would print it after option `option`. */
export function formatValue(option: string, value: string): string {
  if (SAVE_STRING_OPTIONS.has(option)) {
    for (let i = 0; i < value.length; i++) if (!isBareChar(value.charCodeAt(i))) return quote(value);
    return value.length === 0 ? '""' : value;
  }
  if (value.length === 0 || value === '!') return quote(value);
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 32 || c === 9 || c === 34 || c === 92 || c === 39) return quote(value);
  }
  return value;
}
