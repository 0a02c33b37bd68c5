import type { ChainDecl, CommandNode, Counters, RuleNode, TableName, TableNode } from './ast';

/** Built-in chains of each table (iptables(8), TABLES). */
export const BUILTIN_CHAIN_NAMES: Readonly<Record<TableName, readonly string[]>> = {
  raw: ['PREROUTING', 'OUTPUT'],
  mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'],
  nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
  filter: ['INPUT', 'FORWARD', 'OUTPUT'],
  security: ['INPUT', 'FORWARD', 'OUTPUT'],
};

/** A table while it is being parsed (mutable; frozen into a `TableNode` by `toTableNode`). */
export interface TableState {
  name: TableName;
  span: { start: number; end: number };
  declared: boolean;
  chains: ChainDecl[];
  rules: RuleNode[];
  commands: CommandNode[];
  committed: boolean;
  line: number;
  /** This table state's bit in ChainNames' `declared` / `undeclared` (chainNames.ts). */
  readonly bit: number;
  /** Chains that have rules but no declaration → span of the first rule's chain name. */
  undeclared: Map<string, { start: number; end: number }>;
  /** Jump targets that may be chains → the first rule that jumps there (finish.ts reads its span). */
  jumps: Map<string, RuleNode>;
}

/** A fresh table state. */
export function newTable(
  name: TableName,
  start: number,
  end: number,
  line: number,
  declared: boolean,
  bit: number,
): TableState {
  return {
    bit,
    name,
    span: { start, end },
    declared,
    chains: [],
    rules: [],
    commands: [],
    committed: false,
    line,
    undeclared: new Map(),
    jumps: new Map(),
  };
}

/** The public node of a table state (drops the parser's indexes). */
export function toTableNode(t: TableState): TableNode {
  return {
    name: t.name,
    span: t.span,
    declared: t.declared,
    chains: t.chains,
    rules: t.rules,
    commands: t.commands,
    committed: t.committed,
    line: t.line,
  };
}

/** True when `text[start, end)` is `[packets:bytes]`. */
export function isCounters(text: string, start: number, end: number): boolean {
  if (text.charCodeAt(start) !== 91 || text.charCodeAt(end - 1) !== 93) return false;
  let colon = -1;
  for (let i = start + 1; i < end - 1; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 && colon === -1) colon = i;
    else if (c < 48 || c > 57) return false;
  }
  return colon > start + 1 && colon < end - 2;
}

/** `[packets:bytes]` in `text[start, end)` → its two numbers as written (and its span), or null. */
export function readCounters(text: string, start: number, end: number): Counters | null {
  if (text.charCodeAt(start) !== 91 || text.charCodeAt(end - 1) !== 93) return null;
  let colon = -1;
  for (let i = start + 1; i < end - 1; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 && colon === -1) colon = i;
    else if (c < 48 || c > 57) return null;
  }
  if (colon <= start + 1 || colon >= end - 2) return null;
  return {
    packets: text.slice(start + 1, colon),
    bytes: text.slice(colon + 1, end - 1),
    span: { start, end },
  };
}
