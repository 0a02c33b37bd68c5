import { span, textLines } from '../text';
import { type IpsetDiagnostic, IpsetSink } from './codes';
import { dimensionsOf } from './element';
import { NO_HEADER, readHeader } from './header';
import { readMember, type Token, tokens } from './memberLine';
import type { IpSet, IpsetMember, IpsetTable } from './types';

export interface IpsetParseResult {
  readonly result: IpsetTable;
  readonly diagnostics: readonly IpsetDiagnostic[];
}

type Draft = { -readonly [K in keyof IpSet]: IpSet[K] } & { members: IpsetMember[] | null };

const FIELDS = ['Type', 'Revision', 'Header', 'Size in memory', 'References', 'Number of entries'] as const;

/**
 * Reads `ipset list` / `ipset -L` (and `ipset list NAME`, `-t`) output and `ipset save` output
 * (`create …` / `add …` lines, also restore's `-N` / `-A`), with prompts or prose around them.
 * Never throws. The list format is ipset's plain printing (lib/session.c): `Name:`, `Type:`,
 * `Revision:`, `Header:`, `Size in memory:`, `References:`, `Number of entries:` (ipset ≥ 7),
 * `Members:` then one member per line, a blank line between sets.
 */
export function parseIpset(text: string): IpsetParseResult {
  const sink = new IpsetSink();
  const sets: Draft[] = [];
  const byName = new Map<string, Draft>();
  let current: Draft | null = null;
  let inMembers = false;
  let sawSave = false;
  let ignored: { start: number; end: number; count: number } | null = null;
  const flush = () => {
    if (ignored === null) return;
    const n = ignored.count;
    sink.add(
      'ipset/ignored-text',
      `${n} line${n === 1 ? '' : 's'} that are not ipset output were skipped.`,
      span(ignored.start, ignored.end),
    );
    ignored = null;
  };
  const ignore = (start: number, end: number) => {
    if (ignored === null) ignored = { start, end, count: 1 };
    else ignored = { ...ignored, end, count: ignored.count + 1 };
  };
  const newSet = (name: string, type: string, at: { start: number; end: number }): Draft => {
    const draft: Draft = {
      name,
      type,
      dimensions: dimensionsOf(type),
      revision: null,
      header: NO_HEADER,
      sizeInMemory: null,
      references: null,
      declaredEntries: null,
      members: null,
      span: span(at.start, at.end),
    };
    if (byName.has(name))
      sink.add('ipset/duplicate-set', `Set "${name}" appears twice; the first one is kept.`, draft.span);
    else {
      byName.set(name, draft);
      sets.push(draft);
    }
    return draft;
  };
  const checkType = (d: Draft, at: { start: number; end: number }) => {
    if (d.dimensions === null && d.type !== '')
      sink.add(
        'ipset/unknown-type',
        `"${d.type}" is not an ipset set type; members of "${d.name}" are not read.`,
        span(at.start, at.end),
      );
  };

  if (text.trim() === '') {
    sink.add(
      'ipset/empty',
      'Nothing to read: paste the output of `ipset list` (or `ipset save`) from the node.',
      span(0, text.length),
    );
    return { result: { format: 'list', sets: [] }, diagnostics: sink.diagnostics };
  }

  for (const line of textLines(text)) {
    const toks = tokens(text, line.start, line.end);
    const first = toks[0];
    if (first === undefined) {
      inMembers = false;
      continue;
    }
    const lineSpan = span(first.start, (toks[toks.length - 1] as Token).end);
    const raw = text.slice(first.start, line.end).trimEnd();

    // ipset save / restore lines.
    if ((first.text === 'create' || first.text === '-N') && toks.length >= 3) {
      flush();
      sawSave = true;
      inMembers = false;
      const d = newSet((toks[1] as Token).text, (toks[2] as Token).text, lineSpan);
      checkType(d, toks[2] as Token);
      d.header = readHeader(toks.slice(3), sink);
      d.members = [];
      current = d;
      continue;
    }
    if ((first.text === 'add' || first.text === '-A') && toks.length >= 3) {
      flush();
      sawSave = true;
      const name = (toks[1] as Token).text;
      const d = byName.get(name);
      if (d === undefined) {
        sink.add(
          'ipset/unknown-set',
          `"${name}" was not created above (no "create ${name} …" line).`,
          lineSpan,
        );
        continue;
      }
      const m =
        d.dimensions === null ? null : readMember(toks.slice(2), d.dimensions, d.header.family, d.type, sink);
      if (m !== null) {
        if (d.members === null) d.members = [];
        d.members.push(m);
      }
      continue;
    }

    // ipset list lines.
    const colon = raw.indexOf(':');
    const label = colon === -1 ? '' : raw.slice(0, colon);
    const value = colon === -1 ? '' : raw.slice(colon + 1).trim();
    if (label === 'Name' && value !== '') {
      flush();
      inMembers = false;
      current = newSet(value, '', lineSpan);
      continue;
    }
    if (current !== null && !inMembers && (FIELDS as readonly string[]).includes(label)) {
      const valueStart = first.start + colon + 1;
      readField(
        current,
        label as (typeof FIELDS)[number],
        value,
        tokens(text, valueStart, line.end),
        lineSpan,
        sink,
      );
      continue;
    }
    if (current !== null && label === 'Members' && value === '') {
      inMembers = true;
      current.members = [];
      continue;
    }
    if (inMembers && current !== null) {
      if (current.dimensions === null) continue; // reported once as unknown-type
      const m = readMember(toks, current.dimensions, current.header.family, current.type, sink);
      if (m !== null) current.members?.push(m);
      continue;
    }
    if (looksLikeMember(first.text) && toks.length <= 6) {
      flush();
      sink.add(
        'ipset/member-outside-set',
        `"${first.text}" looks like a set member but no set is open here.`,
        lineSpan,
      );
      continue;
    }
    ignore(line.start, line.end);
  }
  flush();

  for (const d of sets) {
    if (d.members === null)
      sink.add(
        'ipset/no-members',
        `Set "${d.name}" was pasted without its members: whether a packet matches it is unknown.`,
        d.span,
      );
    else if (d.declaredEntries !== null && d.declaredEntries !== d.members.length && d.dimensions !== null)
      sink.add(
        'ipset/entries-mismatch',
        `Set "${d.name}" says "Number of entries: ${d.declaredEntries}" but ${d.members.length} member(s) are pasted: the paste is cut, so a packet may match a member that is not shown.`,
        d.span,
      );
  }
  if (sets.length === 0)
    sink.add(
      'ipset/not-ipset',
      'No set ("Name: …" from ipset list, or "create …" from ipset save) was found.',
      span(0, text.length),
    );
  return { result: { format: sawSave ? 'save' : 'list', sets }, diagnostics: sink.diagnostics };
}

function readField(
  d: Draft,
  label: (typeof FIELDS)[number],
  value: string,
  valueTokens: readonly Token[],
  at: { start: number; end: number },
  sink: IpsetSink,
): void {
  if (label === 'Type') {
    d.type = value;
    d.dimensions = dimensionsOf(value);
    checkTypeOf(d, at, sink);
    return;
  }
  if (label === 'Header') {
    d.header = readHeader(valueTokens, sink);
    return;
  }
  const n = /^\d+$/.test(value) ? Number(value) : null;
  if (n === null) {
    sink.add('ipset/bad-field', `"${label}: ${value}" is not a number.`, span(at.start, at.end));
    return;
  }
  if (label === 'Revision') d.revision = n;
  else if (label === 'Size in memory') d.sizeInMemory = n;
  else if (label === 'References') d.references = n;
  else d.declaredEntries = n;
}

function checkTypeOf(d: Draft, at: { start: number; end: number }, sink: IpsetSink): void {
  if (d.dimensions === null)
    sink.add(
      'ipset/unknown-type',
      `"${d.type}" is not an ipset set type; members of "${d.name}" are not read.`,
      span(at.start, at.end),
    );
}

/** `10.96.0.10,tcp:53`, `30080`, `10.244.0.0/16`: the start of a member line out of place. */
function looksLikeMember(word: string): boolean {
  return /^[0-9a-fA-F:.]+(\/\d+)?(,[a-z0-9]+:?[0-9/-]*)*(,[0-9a-fA-F:./]+)?$/.test(word) && /\d/.test(word);
}
