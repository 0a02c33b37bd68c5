/**
 * The address family the full parse would report, found without reading the rules: the parser
 * calls a dump IPv6 when the value of an address option (`-s`, `-d`, `--source`, `--src`,
 * `--destination`, `--dst`) has a `:` (iptables/validate.ts, checkAddresses). Here every `:` of the
 * text is looked at (one `indexOf` loop: chain lines, counters and comments have them too); most
 * are dismissed after a character or two, because the word around them is not made of address
 * characters. A `:` is kept only when its word follows one of those options outside quotes on a
 * rule line. Returns null when that cannot be told without the tokenizer (a backslash before it on
 * the line: quotes may be escaped).
 */
export function scanFamily(text: string): 'ipv4' | 'ipv6' | null {
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) {
    const verdict = colonVerdict(text, i);
    if (verdict === 'ipv6') return 'ipv6';
    if (verdict === 'unsure') return null;
  }
  return 'ipv4';
}

const OPTIONS = ['-s', '-d', '--source', '--src', '--destination', '--dst'];

/** Characters of an address list word: hex digits, `:`, `.`, `/`, `,`, `[`, `]`, `"`. */
function isAddressChar(c: number): boolean {
  return (
    (c >= 48 && c <= 58) || // 0-9 :
    (c >= 97 && c <= 102) || // a-f
    (c >= 65 && c <= 70) || // A-F
    c === 46 ||
    c === 47 ||
    c === 44 ||
    c === 91 ||
    c === 93 ||
    c === 34
  );
}

function colonVerdict(text: string, i: number): 'no' | 'ipv6' | 'unsure' {
  let ws = i;
  while (ws > 0 && isAddressChar(text.charCodeAt(ws - 1))) {
    ws--;
    if (i - ws > 100) return 'no';
  }
  // The word must start right after a space, and the word before it must be an address option.
  if (ws < 3 || text.charCodeAt(ws - 1) !== 32) return 'no';
  const te = ws - 1;
  let ts = te;
  while (ts > 0 && text.charCodeAt(ts - 1) !== 32 && text.charCodeAt(ts - 1) !== 10) {
    ts--;
    if (te - ts > 13) return 'no';
  }
  const n = te - ts;
  if (!OPTIONS.some((o) => o.length === n && text.startsWith(o, ts))) return 'no';
  const ls = text.lastIndexOf('\n', ws) + 1;
  if (text.charCodeAt(ls) === 35) return 'no';
  let quotes = 0;
  for (let k = ls; k < ws; k++) {
    const c = text.charCodeAt(k);
    if (c === 92) return 'unsure';
    if (c === 34) quotes++;
  }
  return quotes % 2 === 1 ? 'no' : 'ipv6';
}
