import type { ChainDecl, CommandNode, RuleNode, TableName, TableNode } from './ast';

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
  /** Declared chains by name. */
  declaredChains: Map<string, ChainDecl>;
  /** Chains that have rules but no declaration → span of the first rule's chain name. */
  undeclared: Map<string, { start: number; end: number }>;
  /** Jump targets that may be chains → where the first jump names them, and from which chain. */
  jumps: Map<string, { start: number; end: number; from: string }>;
}

/** A fresh table state. */
export function newTable(
  name: TableName,
  start: number,
  end: number,
  line: number,
  declared: boolean,
): TableState {
  return {
    name,
    span: { start, end },
    declared,
    chains: [],
    rules: [],
    commands: [],
    committed: false,
    line,
    declaredChains: new Map(),
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

/** `[packets:bytes]` in `text[start, end)` → its two numbers as written, or null. */
export function readCounters(
  text: string,
  start: number,
  end: number,
): { packets: string; bytes: string } | null {
  if (text.charCodeAt(start) !== 91 || text.charCodeAt(end - 1) !== 93) return null;
  let colon = -1;
  for (let i = start + 1; i < end - 1; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 && colon === -1) colon = i;
    else if (c < 48 || c > 57) return null;
  }
  if (colon <= start + 1 || colon >= end - 2) return null;
  return { packets: text.slice(start + 1, colon), bytes: text.slice(colon + 1, end - 1) };
}
