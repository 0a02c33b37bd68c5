import { detectRulesetFormat } from '../../core/nftables';

/*
 * The nft grammar and language choice, free of Monaco imports so that they are unit-tested in Node
 * (nftLanguage.ts registers them).
 */

/** Monaco language id of `nft list ruleset` text and `nft -f` transactions. */
export const NFT_LANGUAGE = 'nft';

/** The same without colours, for large listings (see IPTABLES_PLAIN_LANGUAGE): hover and go-to stay. */
export const NFT_PLAIN_LANGUAGE = 'nft-large';

/**
 * The nft language for a ruleset text that reads as an nftables listing or transaction
 * (core/nftables `detectRulesetFormat`, the first lines only; colourless above `colourLimit`
 * characters), else null.
 */
export function nftLanguageFor(text: string, colourLimit: number): string | null {
  const format = detectRulesetFormat(text);
  if (format !== 'nft-listing' && format !== 'nft-transaction') return null;
  return text.length > colourLimit ? NFT_PLAIN_LANGUAGE : NFT_LANGUAGE;
}

/**
 * The words of nft(8) the grammar colours: objects and their properties, statements, verdicts.
 * Selectors (`ip daddr`, `meta l4proto`, `th dport`, `ct state`) are `field`s.
 */
const OBJECTS = [
  'table',
  'chain',
  'set',
  'map',
  'flowtable',
  'counter',
  'quota',
  'element',
  'ruleset',
  'rule',
];
const PROPERTIES = [
  'type',
  'typeof',
  'hook',
  'priority',
  'policy',
  'device',
  'devices',
  'elements',
  'flags',
  'timeout',
  'expires',
  'size',
  'comment',
  'handle',
  'auto-merge',
];
const COMMANDS = ['add', 'create', 'insert', 'replace', 'delete', 'destroy', 'flush', 'list'];
const STATEMENTS = [
  'vmap',
  'map',
  'numgen',
  'random',
  'mod',
  'to',
  'update',
  'fully-random',
  'persistent',
  'with',
];
const DROPS = ['drop', 'reject'];
const ACCEPTS = ['accept', 'return', 'continue', 'queue'];
const JUMPS = ['jump', 'goto'];
const DNAT = ['dnat', 'redirect'];
const SNAT = ['snat', 'masquerade'];
const FAMILIES = ['ip', 'ip6', 'inet', 'arp', 'bridge', 'netdev'];
const FIELDS = [
  'daddr',
  'saddr',
  'dport',
  'sport',
  'l4proto',
  'protocol',
  'mark',
  'state',
  'status',
  'nfproto',
  'iifname',
  'oifname',
  'iif',
  'oif',
  'fib',
  'th',
  'tcp',
  'udp',
  'sctp',
  'icmp',
  'meta',
  'ct',
  'nftrace',
  'packets',
  'bytes',
  'and',
  'or',
  'xor',
  'set',
];

/**
 * Monarch grammar for nftables text (nft(8): "RULESET", "TABLES", "CHAINS", "SETS", "MAPS",
 * "STATEMENTS"): keywords, `jump`/`goto` with the chain after them, `@set` references, quoted
 * strings, `#` comments, IPv4/IPv6 addresses and prefixes, hex and decimal numbers, braces. Token
 * names are those of the iptables grammar, so theme.ts colours both alike.
 */
export const NFT_MONARCH = {
  defaultToken: '',
  objects: OBJECTS,
  properties: PROPERTIES,
  commands: COMMANDS,
  statements: STATEMENTS,
  jumps: JUMPS,
  drops: DROPS,
  accepts: ACCEPTS,
  dnat: DNAT,
  snat: SNAT,
  families: FAMILIES,
  fields: FIELDS,
  tokenizer: {
    root: [
      [/#.*$/, 'comment'],
      [/"(?:[^"\\]|\\.)*"/, 'string'],
      [/"(?:[^"\\]|\\.)*$/, 'string.invalid'],
      [/\b(jump|goto)(\s+)([^\s;,}]+)/, ['keyword.op', '', 'type.chain']],
      [/@[\w./-]+/, 'type.chain'],
      [/\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?(?::\d+(?:-\d+)?)?/, 'number.address'],
      [/0x[0-9a-fA-F]+/, 'number.hex'],
      [/\[?[0-9a-fA-F]*:[0-9a-fA-F:]+\]?(?:\/\d{1,3})?/, 'number.address'],
      [/\d+(?:[hms]|ms)?(?:\d+(?:[hms]|ms))*\b/, 'number'],
      [/[{}]/, 'delimiter.bracket'],
      [/[;,:.]/, 'delimiter'],
      [/!=|==|<=|>=|<|>|&|\||\^/, 'operator'],
      [
        /[A-Za-z_][\w./-]*/,
        {
          cases: {
            '@drops': 'target.drop',
            '@accepts': 'target.accept',
            '@jumps': 'keyword.op',
            '@dnat': 'target.dnat',
            '@snat': 'target.masquerade',
            '@objects': 'keyword.table',
            '@commands': 'keyword.commit',
            '@properties': 'keyword.policy',
            '@statements': 'keyword.module',
            '@families': 'keyword.module',
            '@fields': 'attribute.option',
            '@default': '',
          },
        },
      ],
      [/\S/, ''],
    ],
  },
};
