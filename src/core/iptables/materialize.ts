import type { MatchNode, OptionNode, TargetNode } from './ast';
import type { RuleShape } from './ruleShape';
import { type TokenBuffer, wordValue } from './tokenize';

/** Shared value list of options that take none (never mutated). */
const NO_VALUES: readonly string[] = Object.freeze([]);

interface MutableMatch {
  module: string;
  explicit: boolean;
  options: OptionNode[];
  span: { start: number; end: number };
  unknown?: boolean;
}

/**
 * The AST objects of a rule shape (readRule.ts): match groups in the order they were opened, each
 * with its options in text order, and the last `-j`/`-g` target with its options.
 */
export function materializeShape(
  shape: RuleShape,
  buf: TokenBuffer,
  text: string,
): { matches: MatchNode[]; target: TargetNode | null } {
  const matches: MatchNode[] = [];
  for (let g = 0; g < shape.nGroup; g++) {
    const m: MutableMatch = {
      module: shape.gModule[g] as string,
      explicit: shape.gExplicit[g] === 1,
      options: optionsOf(shape, buf, text, g),
      span: { start: shape.gStart[g] as number, end: shape.gEnd[g] as number },
    };
    if (shape.gUnknown[g] === 1) m.unknown = true;
    matches.push(m);
  }
  let target: TargetNode | null = null;
  if (shape.tGen > 0) {
    target = {
      kind: shape.tGoto ? 'goto' : 'jump',
      name: shape.tName,
      nameSpan: { start: shape.tNameStart, end: shape.tNameEnd },
      options: optionsOf(shape, buf, text, -shape.tGen),
      span: { start: shape.tStart, end: shape.tEnd },
    };
  }
  return { matches, target };
}

function optionsOf(shape: RuleShape, buf: TokenBuffer, text: string, owner: number): OptionNode[] {
  const out: OptionNode[] = [];
  const first = owner < 0 ? shape.tFirst : (shape.gFirst[owner] as number);
  for (let o = first; o >= 0; o = shape.oNext[o] as number) out.push(optionNode(shape, buf, text, o));
  return out;
}

/** Option `o` of the shape as an OptionNode (values unquoted; raw values keep the quoting). */
export function optionNode(shape: RuleShape, buf: TokenBuffer, text: string, o: number): OptionNode {
  const name = shape.oName[o] as string;
  const negated = shape.oNeg[o] === 1;
  const start = shape.oStart[o] as number;
  const end = shape.oEnd[o] as number;
  const first = shape.oFirst[o] as number;
  const got = shape.oGot[o] as number;
  if (got === 0) return { name, negated, values: NO_VALUES, rawValues: NO_VALUES, span: { start, end } };
  if (shape.oJoin[o] === 1) {
    const words: string[] = [];
    for (let i = first; i < first + got; i++) words.push(wordValue(buf, text, i));
    const values = [words.join(' ')];
    const rawValues = [text.slice(buf.starts[first] as number, end)];
    return { name, negated, values, rawValues, span: { start, end } };
  }
  const values: string[] = [];
  let quoted = false;
  for (let i = first; i < first + got; i++) {
    values.push(wordValue(buf, text, i));
    if (buf.quoted[i] === 1) quoted = true;
  }
  let rawValues = values;
  if (quoted) {
    rawValues = [];
    for (let i = first; i < first + got; i++)
      rawValues.push(text.slice(buf.starts[i] as number, buf.ends[i] as number));
  }
  return { name, negated, values, rawValues, span: { start, end } };
}
