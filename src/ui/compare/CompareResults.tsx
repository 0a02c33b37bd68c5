import { useAppState } from '../../state/context';
import { useT } from '../useT';
import { differenceWords } from './words';

/**
 * The comparison as text: a status line (counts), then a list of Service ports, each `equivalent`
 * or `different`, with a nested list of its differences in words. Different ones first.
 */
export function CompareResults() {
  const tr = useT();
  const status = useAppState((s) => s.compareStatus);
  const comparison = useAppState((s) => s.comparison);
  const hasB = useAppState((s) => s.compareText.trim() !== '');
  const services = comparison
    ? [...comparison.services].sort((x, y) => Number(x.equivalent) - Number(y.equivalent))
    : [];
  const same = services.filter((s) => s.equivalent).length;
  const line = !hasB
    ? tr('compare.empty')
    : status === 'running'
      ? tr('compare.running')
      : status === 'failed'
        ? tr('compare.failed')
        : comparison
          ? tr('compare.summary', { total: services.length, same, different: services.length - same })
          : '';
  return (
    <div className="compare-results">
      <p className="compare-status" role="status" aria-busy={status === 'running'}>
        {line}
      </p>
      {hasB && comparison && (
        <>
          <ul className="compare-list" aria-label={tr('compare.list')}>
            {services.map((s) => (
              <li key={s.service} className={s.equivalent ? 'equivalent' : 'different'}>
                <span className="compare-service">{s.service}</span>{' '}
                <span className="compare-badge">
                  {s.equivalent ? tr('compare.equivalent') : tr('compare.different')}
                </span>
                {s.differences.length > 0 && (
                  <ul className="compare-differences">
                    {s.differences.map((d, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: differences have no identity beyond their order.
                      <li key={i}>{differenceWords(d, tr)}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          <p className="compare-sources">
            {tr('compare.sources', {
              pod: comparison.sources.pod,
              node: comparison.sources.nodeIp,
              outside: comparison.sources.external,
            })}
          </p>
        </>
      )}
    </div>
  );
}
