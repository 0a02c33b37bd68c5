import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { MAX_NOTE_LENGTH } from '../../core/share';
import { useAppState, useAppStore } from '../../state/context';
import { useT } from '../useT';
import { type BuiltLink, buildLink, type LinkOptions, LONG_LINK } from './buildLink';
import { currentScenario } from './currentScenario';
import { Modal } from './Modal';
import { useShareStrings } from './strings';

type CopyState = 'idle' | 'copied' | 'failed';

const NO_OPTIONS: LinkOptions = { onlyPath: false, redactAddresses: false, redactNames: false };

/**
 * The Share dialog: a read-only "Permalink" textbox with the link to the current scenario, copied
 * to the clipboard at once (and by the Copy button), its length, and — when it is over 8,000
 * characters — options to cut it to the Services on the path and to redact it, then regenerate.
 */
export function ShareDialog({ onClose }: { onClose: () => void }) {
  const T = useShareStrings();
  const tr = useT();
  const [note, setNote] = useState('');
  const noteRef = useRef('');
  /** Only the latest generation writes the link (typing a note starts one per keystroke). */
  const generation = useRef(0);
  const noteId = useId();
  const [options, setOptions] = useState<LinkOptions>(NO_OPTIONS);
  const [link, setLink] = useState<BuiltLink | null>(null);
  const [failed, setFailed] = useState(false);
  const [copy, setCopy] = useState<CopyState>('idle');
  const [long, setLong] = useState(false);
  const store = useAppStore();
  const canCut = useAppState((s) => s.traced !== null);
  const inputId = useId();

  const copyLink = useCallback(async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }, []);

  const generate = useCallback(
    async (opts: LinkOptions) => {
      const mine = ++generation.current;
      setLink(null);
      setCopy('idle');
      try {
        const app = store.getState();
        const scenario = currentScenario(app, noteRef.current);
        const { origin, pathname } = window.location;
        const built = await buildLink(scenario, opts, app, origin + pathname);
        if (mine !== generation.current) return;
        setLink(built);
        if (built.url.length > LONG_LINK) setLong(true);
        await copyLink(built.url);
      } catch {
        setFailed(true);
      }
    },
    [store, copyLink],
  );

  useEffect(() => {
    void generate(NO_OPTIONS);
  }, [generate]);

  const toggle = (key: keyof LinkOptions) => setOptions((o) => ({ ...o, [key]: !o[key] }));

  return (
    <Modal title={T.shareTitle} onClose={onClose} className="share-dialog">
      <p className="hint">{T.shareIntro}</p>
      <label htmlFor={noteId}>{tr('share.note')}</label>
      <input
        id={noteId}
        className="share-note-input"
        type="text"
        maxLength={MAX_NOTE_LENGTH}
        value={note}
        onChange={(e) => {
          // One line: a pasted line break becomes a space (the link format refuses line breaks).
          const next = e.currentTarget.value.replace(/[\r\n]+/g, ' ');
          setNote(next);
          noteRef.current = next;
          void generate(options);
        }}
      />
      <label htmlFor={inputId}>{T.permalink}</label>
      <div className="share-link-row">
        <input
          id={inputId}
          className="share-link"
          readOnly
          value={link?.url ?? ''}
          placeholder={failed ? T.encodeFailed : T.encoding}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="button" disabled={!link} onClick={() => link && copyLink(link.url)}>
          {T.copy}
        </button>
      </div>
      <p className="share-status" role="status" aria-live="polite">
        {link && <span data-testid="link-length">{T.length(link.url.length)}</span>}
        {copy === 'copied' && <span> · {T.copied}</span>}
        {copy === 'failed' && <span> · {T.copyFailed}</span>}
        {failed && <span>{T.encodeFailed}</span>}
      </p>
      {link?.keptServicePorts && <p className="share-note">{T.pathKept(link.keptServicePorts.length)}</p>}
      {link?.redacted && (
        <p className="share-note">
          {T.redactedAddresses(link.redacted.addresses)}
          {options.redactNames && ` ${T.redactedNames(link.redacted.names)}`}
        </p>
      )}
      {long && (
        <fieldset className="share-options">
          <legend>{T.tooLong(LONG_LINK)}</legend>
          <label>
            <input
              type="checkbox"
              checked={options.onlyPath}
              disabled={!canCut}
              onChange={() => toggle('onlyPath')}
            />{' '}
            {T.onlyPath}
          </label>
          {!canCut && <p className="hint">{T.onlyPathUnavailable}</p>}
          <label>
            <input
              type="checkbox"
              checked={options.redactAddresses || options.redactNames}
              disabled={options.redactNames}
              onChange={() => toggle('redactAddresses')}
            />{' '}
            {T.redactAddresses}
          </label>
          <label>
            <input type="checkbox" checked={options.redactNames} onChange={() => toggle('redactNames')} />{' '}
            {T.redactNames}
          </label>
          <button type="button" className="button" onClick={() => void generate(options)}>
            {T.regenerate}
          </button>
        </fieldset>
      )}
    </Modal>
  );
}
