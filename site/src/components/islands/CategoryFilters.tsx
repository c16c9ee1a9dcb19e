import type { Language } from '@conveyor/shared';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { READY_EVENT } from '../../directives/interaction.ts';
import {
  boundName,
  boundText,
  fieldsOfState,
  type FilterData,
  type FilterState,
  type FilterView,
  matching,
  parseQuery,
  stateOfForm,
  toQuery,
} from '../../lib/filters.ts';
import './CategoryFilters.css';

export interface FilterTexts {
  filters: string;
  from: string;
  to: string;
  /** `{n}` of `{total}` products. */
  count: string;
  none: string;
  reset: string;
  /** The submit button: takes the visitor to the matching products. */
  show: string;
  /** A result card's links and Compare toggle (a category of several pages). */
  more?: string;
  quote?: string;
  compare?: string;
  compareOn?: string;
  compareGo?: string;
  compareHref?: string;
  basketAdd?: string;
  basketAdded?: string;
  /** Shows the next results (a category of several pages). */
  showMore?: string;
}

/** Results of a filter shown at once, and added by "Show more": a page's worth. */
const RESULTS_STEP = 24;

/** A product of the category for the results of a filter: id, name, page, thumbnail. */
type CardData = [number, string, string, string | null];

interface Props {
  lang: Language;
  texts: FilterTexts;
  filters: FilterView[];
  total: number;
  /** A category of one page: the id of the page's `<script type="application/json">` holding
   *  the FilterData of its cards, which are shown or hidden. */
  dataId?: string;
  /** The id of the list whose `li[data-product]` cards are shown or hidden. */
  listId: string;
  /**
   * A category of several pages: the address of its data file (`filters.json`: every product's
   * FilterData and card), read once the filters wake. While a filter is chosen, the matching
   * products of every page are listed here instead of this page's cards, and the page links
   * (`pagesId`) are hidden.
   */
  dataUrl?: string;
  pagesId?: string;
}

/** A category's data file (src/pages/[...lang]/catalog/[id]/filters.json.ts). */
interface FiltersFile {
  data: FilterData;
  cards: CardData[];
}

const subscribeNothing = () => () => {};
const addressQuery = () => window.location.search;
const noQuery = () => '';
const isClient = () => true;
const isServer = () => false;

function readData(id: string): FilterData | null {
  const script = document.getElementById(id);
  return script ? (JSON.parse(script.textContent ?? '{}') as FilterData) : null;
}

const countText = (texts: FilterTexts, n: number, total: number) =>
  texts.count.replace('{n}', String(n)).replace('{total}', String(total));

/**
 * The fields the visitor has not touched (still their page's defaults) take a state's values:
 * those the visitor typed or ticked before the island woke are kept.
 */
function showUntouched(form: HTMLFormElement, state: FilterState, filters: FilterView[]) {
  const { figures, checked } = fieldsOfState(state, filters);
  for (const input of form.querySelectorAll('input')) {
    if (input.type === 'checkbox') {
      if (input.checked === input.defaultChecked) {
        input.checked = (checked[input.name] ?? []).includes(input.value);
      }
    } else if (input.value === input.defaultValue && figures[input.name] !== undefined) {
      input.value = figures[input.name]!;
    }
  }
}

/**
 * A category page's filters. Rendered as plain HTML with the page; React wakes on the first
 * touch (client:interaction), or at once when the address already holds a filter (a shared
 * link). Each change shows the matching cards, hides the others, updates the count (read out
 * by screen readers) and puts the state in the address.
 *
 * The fields are the browser's own (uncontrolled): the state is read from them, never written
 * over them, so a figure typed while the island was still waking (the first touch wakes it, the
 * first keys land before React runs) is kept and applied. When it wakes, the fields the visitor
 * has not touched show the address's state, and the form is read once.
 */
export default function CategoryFilters({
  lang,
  texts,
  filters,
  total,
  dataId,
  listId,
  dataUrl,
  pagesId,
}: Props) {
  // Hydration renders the server's snapshots (no query, not ready), the browser's follow at
  // once: the state the address holds, and React running the form.
  const query = useSyncExternalStore(subscribeNothing, addressQuery, noQuery);
  const ready = useSyncExternalStore(subscribeNothing, isClient, isServer);
  const fromAddress = useMemo(() => parseQuery(query, filters), [query, filters]);
  const [changed, setChanged] = useState<FilterState | null>(null);
  const state = changed ?? fromAddress;
  const form = useRef<HTMLFormElement>(null);
  const readForm = () => {
    if (form.current) setChanged(stateOfForm(new FormData(form.current), filters));
  };
  // the products' values: the page's JSON, read once React runs, or the category's file,
  // fetched then (asked again at the next change if it failed); neither changes afterwards
  const [file, setFile] = useState<FiltersFile | null>(null);
  const fetching = useRef(false);
  useEffect(() => {
    if (!ready || !dataUrl || file || fetching.current) return;
    fetching.current = true;
    fetch(dataUrl)
      .then((reply) => (reply.ok ? (reply.json() as Promise<FiltersFile>) : null))
      .catch(() => null)
      .then((read) => {
        fetching.current = false;
        if (read) setFile(read);
      });
  }, [ready, dataUrl, file, changed]);
  const inline = useMemo(() => (ready && dataId ? readData(dataId) : null), [ready, dataId]);
  const data = dataUrl ? (file?.data ?? null) : inline;
  const passing = useMemo(() => (data ? matching(data, state) : null), [data, state]);
  const shown = passing ? passing.size : total;
  const cards = dataUrl ? (file?.cards ?? null) : null;
  // a category of several pages, filtered: the matching products of all of them, listed here
  // how many results are shown, for the choice they were asked for: a new choice starts over
  const [more, setMore] = useState<{ state: FilterState; limit: number } | null>(null);
  const limit = more?.state === state ? more.limit : RESULTS_STEP;
  const results =
    cards && passing && Object.keys(state).length > 0
      ? cards.filter(([id]) => passing.has(id))
      : null;

  // awake (once: the address changes with the state after): the address's state where the
  // visitor has typed nothing, then what the form holds
  const woke = useRef(false);
  useEffect(() => {
    if (!ready || !form.current || woke.current) return;
    woke.current = true;
    showUntouched(form.current, fromAddress, filters);
    setChanged(stateOfForm(new FormData(form.current), filters));
    form.current.dispatchEvent(new Event(READY_EVENT, { bubbles: true }));
  }, [ready, fromAddress, filters]);

  // the cards and the address follow the state
  useEffect(() => {
    if (!passing) return;
    const list = document.getElementById(listId);
    if (cards) {
      // this page's cards give way to the results of all pages while a filter is chosen
      if (list) list.hidden = results !== null;
      const pages = pagesId ? document.getElementById(pagesId) : null;
      if (pages) pages.hidden = results !== null;
      // the results' Compare toggles show the visitor's collection (src/scripts/compare.ts)
      document.dispatchEvent(new Event('compare:sync'));
    } else {
      for (const card of list?.querySelectorAll<HTMLElement>(':scope > [data-product]') ?? []) {
        card.hidden = !passing.has(Number(card.dataset.product));
      }
    }
    const next = toQuery(state, filters);
    if (next !== window.location.search) {
      window.history.replaceState(null, '', `${window.location.pathname}${next}`);
    }
  }, [passing, state, filters, listId, cards, results, pagesId, limit]);

  return (
    <>
      <form
        ref={form}
        className="filters"
        aria-label={texts.filters}
        data-filters
        data-ready={ready || undefined}
        onSubmit={(event) => {
          // the filters apply as they change; Show takes a phone's visitor down to the products
          event.preventDefault();
          document.getElementById(listId)?.scrollIntoView({ block: 'start' });
        }}
        onChange={readForm}
        onReset={(event) => {
          // emptied here, not by the browser after this event: the state follows at once
          event.preventDefault();
          for (const input of event.currentTarget.querySelectorAll('input')) {
            input.value = input.defaultValue;
            input.checked = input.defaultChecked;
          }
          setChanged({});
        }}
      >
        <div className="filters-fields">
          {filters.map((filter) => (
            <fieldset key={filter.code} data-filter={filter.code}>
              <legend>
                {filter.name}
                {filter.unit ? `, ${filter.unit}` : ''}
              </legend>
              {filter.bounds ? (
                <div className="filters-bounds">
                  {(['min', 'max'] as const).map((end) => (
                    <input
                      key={end}
                      type="number"
                      inputMode="decimal"
                      step="any"
                      name={boundName(filter.code, end)}
                      aria-label={`${filter.name}: ${end === 'min' ? texts.from : texts.to}`}
                      placeholder={`${end === 'min' ? texts.from : texts.to} ${boundText(
                        filter.bounds![end === 'min' ? 0 : 1],
                        filter.decimals,
                        lang,
                      )}`}
                    />
                  ))}
                </div>
              ) : (
                <ul role="list">
                  {(filter.options ?? []).map((option) => (
                    <li key={option.code}>
                      <label>
                        <input type="checkbox" name={filter.code} value={option.code} />{' '}
                        {option.label} <span className="filters-n">({option.count})</span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          ))}
        </div>
        <p className="filters-count" aria-live="polite" data-filter-count>
          {shown === 0 ? texts.none : countText(texts, shown, total)}
        </p>
        <div className="filters-actions">
          <button type="submit" className="button">
            {texts.show}
          </button>
          <button type="reset" className="button button-ghost">
            {texts.reset}
          </button>
        </div>
      </form>
      {results && (
        <ul className="cards" role="list" data-filter-results>
          {results.slice(0, limit).map(([id, name, href, thumbnail]) => (
            <li className="card" key={id} data-product={id}>
              {thumbnail ? (
                <img
                  src={thumbnail}
                  alt=""
                  width={360}
                  height={270}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className="placeholder" role="presentation" />
              )}
              <div className="card-body">
                <h3>{name}</h3>
                <a href={href}>
                  {texts.more}
                  <span className="sr-only">: {name}</span>
                </a>
                <a className="button button-ghost" href={`${href}#contact-form`} data-quote>
                  {texts.quote}
                  <span className="sr-only">: {name}</span>
                </a>
                <button
                  type="button"
                  className="button button-ghost compare-toggle"
                  data-compare={id}
                  aria-pressed="false"
                  data-label-off={texts.compare}
                  data-label-on={texts.compareOn}
                  data-label-go={texts.compareGo}
                  data-href={texts.compareHref}
                >
                  <span data-label>{texts.compare}</span>
                  <span className="sr-only">: {name}</span>
                </button>
                <button
                  type="button"
                  className="button button-ghost quote-toggle"
                  data-quote-add={id}
                  data-name={name}
                  data-path={href}
                  aria-pressed="false"
                  data-label-off={texts.basketAdd}
                  data-label-on={texts.basketAdded}
                >
                  <span data-label>{texts.basketAdd}</span>
                  <span className="sr-only">: {name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {results && results.length > limit && (
        <button
          type="button"
          className="button button-ghost filters-more"
          onClick={() => setMore({ state, limit: limit + RESULTS_STEP })}
        >
          {texts.showMore}
        </button>
      )}
    </>
  );
}
