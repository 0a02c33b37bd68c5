import { NFT_FAMILIES, type NftFamily } from './ast';
import { readChainBody, readSetBody, readTableBody } from './blocks';
import { readElements } from './elements';
import { type Reader, T_COMMENT, T_LBRACE, T_NEWLINE, T_RBRACE, T_SEMI, T_STRING, T_WORD } from './reader';
import { readRuleCommand, removeChain } from './ruleCommands';
import type { Builder, TableState } from './state';

/**
 * Top level of the listing and of `nft -f` files (nftables src/parser_bison.y `base_cmd`): table
 * blocks, and commands `add|create|insert|replace|delete|destroy|flush|list|reset OBJECT …`, where
 * `add` may be left out (the listing is exactly that). knftables, kube-proxy's nftables library,
 * writes one command per line (`add rule ip kube-proxy services ip daddr . … vmap @service-ips`).
 */

const VERBS = new Set(['add', 'create', 'insert', 'replace', 'delete', 'destroy', 'flush', 'list', 'reset']);
const OBJECTS = new Set(['table', 'chain', 'rule', 'set', 'map', 'element', 'ruleset']);
const FAMILIES = new Set<string>(NFT_FAMILIES);
const WARNING = /^#\s*Warning:\s*table\s+(\S+)\s+(\S+)\s+is managed by iptables-nft/;

/** `$ sudo nft list ruleset`, `root@node:~# nft -a list table ip kube-proxy`, `[root@n ~]# nft …`. */
export const PROMPT =
  /^(?:\[[^\]]*\]|[\w.-]+@[\w.-]+(?::\S*)?)?\s*[$#>%]?\s*(?:sudo\s+)?(?:ip\s+netns\s+exec\s+\S+\s+)?nft\s/;

function lineEndOffset(text: string, from: number): number {
  const e = text.indexOf('\n', from);
  return e === -1 ? text.length : e;
}

/**
 * True when the text is JSON, possibly after shell prompt lines (`$ nft -j list ruleset`): its
 * first character that is not blank and not on a prompt line is `{` or `[`.
 */
export function looksLikeJson(text: string): boolean {
  let i = 0;
  for (let lines = 0; lines < 8 && i < text.length; lines++) {
    const m = /\S/.exec(text.slice(i, i + 4096));
    if (m === null) return false;
    const at = i + m.index;
    const c = text[at];
    const end = lineEndOffset(text, at);
    if ((c === '{' || c === '[') && !PROMPT.test(text.slice(at, end))) return true;
    if (!PROMPT.test(text.slice(at, end))) return false;
    i = end + 1;
  }
  return false;
}

export interface TopState {
  /** A command other than the block form was seen (`add …`, `flush chain …`). */
  transaction: boolean;
}

export function readTop(r: Reader, b: Builder, top: TopState): void {
  while (!r.atEnd()) {
    const k = r.kind();
    if (k === T_NEWLINE || k === T_SEMI) {
      r.i++;
      continue;
    }
    if (k === T_COMMENT) {
      const m = WARNING.exec(r.t.text_(r.i));
      if (m) b.iptablesNftWarned.add(`${m[1]} ${m[2]}`);
      r.i++;
      continue;
    }
    if (k === T_RBRACE) {
      r.diagTokens('nftables/unexpected-brace', 'This `}` closes nothing.', r.i, r.i + 1);
      r.i++;
      continue;
    }
    const a = r.i;
    let verb = r.word();
    let j = a;
    if (VERBS.has(verb)) j++;
    else verb = 'add';
    const object = r.word(j);
    if (!OBJECTS.has(object)) {
      const lineText = r.text.slice(r.start(a), lineEndOffset(r.text, r.start(a)));
      if (PROMPT.test(lineText)) {
        r.diagTokens('nftables/skipped-line', 'A shell prompt or command line: skipped.', a, a + 1);
        r.skipLine();
        continue;
      }
      r.diagTokens(
        'nftables/bad-line',
        `"${r.t.text_(a)}" does not start an nft command or a table block.`,
        a,
        a + 1,
      );
      r.skipLine();
      continue;
    }
    if (j > a) top.transaction = true;
    r.i = j + 1;
    readCommand(r, b, verb, object, a);
  }
}

const NAMES_NEEDED: Readonly<Record<string, number>> = { table: 1, chain: 2, set: 2, map: 2, element: 2 };

/**
 * `[family] name…`; nft's default family is `ip`. Returns null when there is one name more than
 * the object needs and the first is not a family (`add table foo bar`).
 */
function readFamily(r: Reader, object: string): NftFamily | null {
  const w = r.word();
  const next = r.kind(r.i + 1);
  if (FAMILIES.has(w) && (next === T_WORD || next === T_STRING)) {
    r.i++;
    return w as NftFamily;
  }
  const needed = NAMES_NEEDED[object];
  if (needed === undefined) return 'ip';
  let n = 0;
  while (r.kind(r.i + n) === T_WORD || r.kind(r.i + n) === T_STRING) n++;
  return n === needed + 1 ? null : 'ip';
}

function name(r: Reader): string | null {
  const k = r.kind();
  if (k !== T_WORD && k !== T_STRING) return null;
  return r.value(r.i++);
}

function readCommand(r: Reader, b: Builder, verb: string, object: string, a: number): void {
  const keep = (what: string) => {
    const { end } = r.lineEnd(r.i, true);
    const s = r.start(a);
    const e = r.end(Math.max(a, end - 1));
    b.commands.push({
      verb,
      object: what,
      raw: r.text.slice(s, e),
      span: { start: s, end: e },
      line: r.line(s),
    });
    return end;
  };
  if (object === 'ruleset') {
    const end = keep('ruleset');
    if (verb === 'flush' || verb === 'delete' || verb === 'destroy') b.tables.clear();
    else
      r.diagTokens(
        'nftables/restore-only',
        `\`${verb} ruleset\` changes nothing: kept, not applied.`,
        a,
        end,
      );
    r.i = end;
    return;
  }
  if (verb === 'list' || verb === 'reset') {
    const end = keep(object);
    r.diagTokens(
      'nftables/restore-only',
      `\`${verb} ${object}\` changes nothing: kept, not applied.`,
      a,
      end,
    );
    r.i = end;
    return;
  }
  const famAt = r.i;
  const family = readFamily(r, object);
  if (family === null) {
    r.diagTokens(
      'nftables/bad-family',
      `"${r.word(famAt)}" is not an nftables family (ip, ip6, inet, arp, bridge, netdev).`,
      famAt,
      famAt + 1,
    );
    r.skipLine();
    return;
  }
  const tableAt = r.i;
  const tableName = name(r);
  if (tableName === null) {
    r.diagTokens('nftables/missing-value', `\`${verb} ${object}\` without a table name.`, a, r.i);
    r.skipLine();
    return;
  }
  const tableSpan = { start: r.start(a), end: r.end(tableAt) };
  const removing = verb === 'delete' || verb === 'destroy' || verb === 'flush';
  const existing = b.tables.get(`${family} ${tableName}`);
  if (object === 'table') {
    if (removing) {
      const end = keep('table');
      if (existing === undefined) {
        if (verb !== 'destroy')
          r.diagTokens('nftables/missing-object', `No table ${family} ${tableName} to ${verb}.`, a, end);
      } else if (verb === 'flush') for (const c of existing.chains.values()) c.rules.length = 0;
      else b.tables.delete(`${family} ${tableName}`);
      r.i = end;
      return;
    }
    const { table } = b.table(family, tableName, tableSpan, r.line(tableSpan.start));
    if (r.kind() === T_LBRACE) readTableBody(r, b, table, r.i);
    return;
  }
  let table: TableState;
  if (existing !== undefined) table = existing;
  else if (removing) {
    const end = keep(object);
    if (verb !== 'destroy')
      r.diagTokens(
        'nftables/missing-object',
        `No table ${family} ${tableName} to ${verb} a ${object} in.`,
        a,
        end,
      );
    r.i = end;
    return;
  } else {
    table = b.table(family, tableName, tableSpan, r.line(tableSpan.start)).table;
    r.diagTokens(
      'nftables/undeclared-table',
      `Table ${family} ${tableName} is not added before this command: created.`,
      a,
      tableAt + 1,
    );
  }
  const objAt = r.i;
  const objName = name(r);
  if (objName === null) {
    r.diagTokens('nftables/missing-value', `\`${verb} ${object}\` without a name.`, a, r.i);
    r.skipLine();
    return;
  }
  const sp = { start: r.start(a), end: r.end(objAt) };
  const line = r.line(sp.start);
  if (object === 'chain') {
    if (removing) {
      removeChain(r, table, objName, verb, a, keep('chain'));
      return;
    }
    const { chain } = b.chain(table, objName, sp, line, true);
    if (r.kind() === T_LBRACE) readChainBody(r, table, chain, r.i);
  } else if (object === 'set' || object === 'map') {
    if (removing) {
      const end = keep(object);
      const set = table.sets.get(objName);
      if (set === undefined) {
        if (verb !== 'destroy')
          r.diagTokens('nftables/missing-object', `No ${object} ${objName} to ${verb}.`, a, end);
      } else if (verb === 'flush') {
        set.elements.length = 0;
        set.index = null;
        set.deleted = 0;
      } else table.sets.delete(objName);
      r.i = end;
      return;
    }
    const { set } = b.set(table, object, objName, sp, line, true);
    if (r.kind() === T_LBRACE) readSetBody(r, b, set, r.i);
  } else if (object === 'element') {
    let set = table.sets.get(objName);
    if (r.kind() !== T_LBRACE) {
      r.diagTokens('nftables/missing-value', `\`${verb} element\` without \`{ … }\`.`, a, r.i);
      r.skipLine();
      return;
    }
    const elements = readElements(r, r.t.count, 1);
    if (removing) {
      keep('element');
      if (set === undefined || b.deleteElements(set, elements) > 0)
        if (verb !== 'destroy')
          r.diagTokens(
            'nftables/missing-object',
            `An element to ${verb} is not in ${objName}.`,
            a,
            objAt + 1,
          );
      return;
    }
    if (set === undefined) {
      set = b.set(table, 'set', objName, sp, line, false).set;
      if (elements.some((e) => e.value !== null)) set.kind = 'map';
      r.diagTokens(
        'nftables/undeclared-set',
        `Set ${objName} is not added before its elements: created.`,
        a,
        objAt + 1,
      );
    }
    b.addElements(set, elements);
  } else if (object === 'rule') {
    readRuleCommand(r, b, table, objName, verb, a, sp, line);
  }
}
