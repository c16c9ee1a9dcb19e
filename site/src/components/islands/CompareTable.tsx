import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  type CompareProduct,
  compareRows,
  idsOf,
  MIN_COMPARE,
  readCollected,
  toggleCollected,
} from '../../lib/compare.ts';
import './CompareTable.css';

export interface CompareTexts {
  empty: string;
  diff: string;
  remove: string;
  print: string;
  differs: string;
  failed: string;
  product: string;
}

interface Props {
  texts: CompareTexts;
  /** Each shown product's category (its page's address): product id → category id. */
  categoryOf: Record<string, number>;
  /** A product page's address, `{c}` its category and `{p}` its id. */
  productPath: string;
}

const subscribeNothing = () => () => {};
const addressQuery = () => window.location.search;
const noQuery = (): string | null => null;

type Loaded = CompareProduct | { id: number; failed: true };

const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

/** Reads what a product page tells the comparison (its `#product-data`). */
async function load(id: number, props: Props): Promise<Loaded> {
  const category = props.categoryOf[id];
  if (!category) return { id, failed: true };
  try {
    const reply = await fetch(
      props.productPath.replace('{c}', String(category)).replace('{p}', String(id)),
    );
    if (!reply.ok) return { id, failed: true };
    const page = new DOMParser().parseFromString(await reply.text(), 'text/html');
    const data = page.getElementById('product-data')?.textContent;
    return data ? (JSON.parse(data) as CompareProduct) : { id, failed: true };
  } catch {
    return { id, failed: true };
  }
}

/**
 * The comparison: the products of the address (`?ids=12,15,18`, or else the ones the visitor
 * collected) side by side on their comparable attributes, lines that differ marked, the first
 * column kept in view on a phone; printable as one clean page.
 */
export default function CompareTable(props: Props) {
  const { texts } = props;
  // hydration renders the server's snapshot (nothing yet), the browser's follows at once
  const query = useSyncExternalStore(subscribeNothing, addressQuery, noQuery);
  const [removed, setRemoved] = useState<number[]>([]);
  const ids = useMemo(() => {
    if (query === null) return null;
    const fromAddress = idsOf(query);
    const chosen = fromAddress.length ? fromAddress : readCollected(storage());
    return chosen.filter((id) => !removed.includes(id));
  }, [query, removed]);
  const [loaded, setLoaded] = useState<Loaded[]>([]);
  const [onlyDiff, setOnlyDiff] = useState(false);

  useEffect(() => {
    if (!ids) return;
    const query = ids.length ? `?ids=${ids.join(',')}` : '';
    if (query !== window.location.search) {
      window.history.replaceState(null, '', `${window.location.pathname}${query}`);
    }
    let current = true;
    void Promise.all(ids.map((id) => load(id, props))).then((list) => {
      if (current) setLoaded(list);
    });
    return () => {
      current = false;
    };
    // the props are the page's, fixed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);

  if (ids === null) return null;
  if (ids.length < MIN_COMPARE) return <p data-compare-empty>{texts.empty}</p>;
  // the products of these ids, once loaded (a removed one goes at once)
  const found = ids.map((id) => loaded.find((product) => product.id === id));
  if (found.some((product) => product === undefined)) return <p aria-busy="true" />;
  const products = found as Loaded[];

  const shown = products.filter((product): product is CompareProduct => !('failed' in product));
  const rows = compareRows(shown).filter((row) => !onlyDiff || row.differs);
  const remove = (id: number) => {
    if (readCollected(storage()).includes(id)) toggleCollected(storage(), id);
    setRemoved((list) => [...list, id]);
  };

  return (
    <div className="compare" data-compare-table>
      <div className="compare-controls">
        <label>
          <input
            type="checkbox"
            checked={onlyDiff}
            onChange={(event) => setOnlyDiff(event.target.checked)}
          />{' '}
          {texts.diff}
        </label>
        <button type="button" className="button button-ghost" onClick={() => window.print()}>
          {texts.print}
        </button>
      </div>
      {products.some((product) => 'failed' in product) && <p role="alert">{texts.failed}</p>}
      <div className="compare-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{texts.product}</th>
              {shown.map((product) => (
                <th scope="col" key={product.id} data-product={product.id}>
                  <a href={product.url}>{product.name}</a>
                  <button
                    type="button"
                    className="compare-remove"
                    onClick={() => remove(product.id)}
                    aria-label={`${texts.remove}: ${product.name}`}
                  >
                    ×
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.code}
                data-attribute={row.code}
                className={row.differs ? 'differs' : undefined}
                data-differs={row.differs || undefined}
              >
                <th scope="row">
                  {row.name}
                  {row.differs && <span className="sr-only"> ({texts.differs})</span>}
                </th>
                {row.values.map((value, index) => (
                  <td key={shown[index]!.id}>{value || '—'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
