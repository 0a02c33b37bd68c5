/**
 * The generator's rule model: one rule as kube-proxy builds it (an ordered list of match parts and
 * a target), rendered either as kube-proxy's own `iptables-restore` input (restoreText.ts) or as
 * `iptables-save` prints it after the kernel round trip (saveText.ts).
 */

export type GenProto = 'tcp' | 'udp' | 'sctp';

export type RulePart =
  | { readonly kind: 'comment'; readonly text: string }
  /** kube-proxy writes `-m tcp -p tcp`: the protocol and its match module together. */
  | { readonly kind: 'proto'; readonly proto: GenProto }
  | { readonly kind: 'addr'; readonly dir: 'src' | 'dst'; readonly negated: boolean; readonly cidr: string }
  /** `--dport N`: an option of the preceding `proto` part's module. */
  | { readonly kind: 'dport'; readonly port: number }
  | { readonly kind: 'addrtype'; readonly dir: 'src' | 'dst' }
  | { readonly kind: 'conntrack'; readonly negated: boolean; readonly states: string }
  | { readonly kind: 'mark'; readonly negated: boolean }
  /** `--probability` exactly as kube-proxy formats it (`%0.10f`). */
  | { readonly kind: 'statistic'; readonly probability: string }
  | { readonly kind: 'recent-set'; readonly name: string }
  | { readonly kind: 'recent-check'; readonly name: string; readonly seconds: number }
  | { readonly kind: 'nfacct'; readonly name: string };

export type RuleTarget =
  | { readonly kind: 'jump'; readonly chain: string }
  | { readonly kind: 'verdict'; readonly verdict: 'ACCEPT' | 'DROP' | 'RETURN' | 'REJECT' }
  | { readonly kind: 'dnat'; readonly to: string }
  /** `MARK --or-mark` / `--xor-mark` with the masquerade mark. */
  | { readonly kind: 'mark'; readonly op: 'or' | 'xor' }
  | { readonly kind: 'masquerade'; readonly randomFully: boolean }
  /** A rule without `-j` (KUBE-FW's last rule only counts packets). */
  | { readonly kind: 'none' };

export interface GenRule {
  readonly chain: string;
  readonly parts: readonly RulePart[];
  readonly target: RuleTarget;
}

export type GenTableName = 'mangle' | 'filter' | 'nat';

/** One table of generated rules: chains in the order they were declared, rules in write order. */
export interface GenTable {
  readonly name: GenTableName;
  readonly chains: string[];
  readonly rules: GenRule[];
}

/** Helpers that keep the call sites close to proxier.go's argument lists. */
export const P = {
  comment: (text: string): RulePart => ({ kind: 'comment', text }),
  proto: (proto: GenProto): RulePart => ({ kind: 'proto', proto }),
  dst: (cidr: string, negated = false): RulePart => ({ kind: 'addr', dir: 'dst', negated, cidr }),
  src: (cidr: string, negated = false): RulePart => ({ kind: 'addr', dir: 'src', negated, cidr }),
  dport: (port: number): RulePart => ({ kind: 'dport', port }),
  addrtype: (dir: 'src' | 'dst'): RulePart => ({ kind: 'addrtype', dir }),
  ctstate: (states: string, negated = false): RulePart => ({ kind: 'conntrack', negated, states }),
  nfacct: (name: string): RulePart => ({ kind: 'nfacct', name }),
};

export const T = {
  jump: (chain: string): RuleTarget => ({ kind: 'jump', chain }),
  verdict: (verdict: 'ACCEPT' | 'DROP' | 'RETURN' | 'REJECT'): RuleTarget => ({ kind: 'verdict', verdict }),
  none: { kind: 'none' } as RuleTarget,
};
