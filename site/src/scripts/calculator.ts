import type { Language } from '@conveyor/shared';
import {
  type DutyInput,
  dutyFigureFits,
  dutyFromParams,
  dutyNumber,
  dutyResult,
  dutyToParams,
  materialByCode,
  matchModels,
  type ModelCheck,
  type ModelMatch,
  meanDensity,
  resolveDuty,
  type Sizing,
  sizeConveyor,
} from '@conveyor/shared/conveyor';
import type { PageModel } from '../lib/calculator.ts';
import { typedFigure } from '../lib/quote.ts';

// The conveyor calculator's page (src/pages/[...lang]/calculator.astro) in the browser: the duty
// from the address into the fields, each change sized by the shared module (sizeConveyor), the
// results, our models that carry the duty (matchModels), the address kept in step, and the duty
// handed to the page's quote form. Plain DOM, no framework: a form and a table of figures.

interface PageData {
  lang: Language;
  texts: Record<string, string>;
  words: Record<string, string>;
  models: PageModel[];
}

/** The example a page opened without a duty starts from (the issue's buyer). */
const EXAMPLE: Partial<DutyInput> = { material: 'gravel', capacity: 300, length: 60, lift: 8 };

/** The fields a figure is typed in, by the address's name; the rest are selects. */
const TYPED = [
  'density',
  'surcharge',
  'capacity',
  'length',
  'lift',
  'fill',
  'f',
  'c',
  'belt',
  'carrying',
  'return',
  'efficiency',
  'special',
] as const;
const CHOSEN = ['width', 'speed', 'trough', 'rolls'] as const;
/** The selects' values that are sizeConveyor's defaults (35° and three rolls). */
const SELECT_DEFAULTS: Record<string, string> = { trough: '35', rolls: '3' };

/** The label of a field, for a message that names it. */
const LABELS: Record<string, string> = {
  material: 'calc_material',
  density: 'calc_density',
  surcharge: 'calc_surcharge',
  capacity: 'calc_capacity',
  length: 'calc_length',
  lift: 'calc_lift',
  width: 'calc_width',
  speed: 'calc_speed',
  trough: 'calc_trough',
  fill: 'calc_fill',
  f: 'calc_f',
  c: 'calc_c',
  belt: 'calc_belt_mass',
  beltKgM: 'calc_belt_mass',
  carrying: 'calc_carrying',
  carryingIdlersKgM: 'calc_carrying',
  return: 'calc_return',
  returnIdlersKgM: 'calc_return',
  efficiency: 'calc_efficiency',
  special: 'calc_special',
};

export function initCalculator(): void {
  const form = document.querySelector<HTMLFormElement>('[data-calculator]');
  const dataNode = document.getElementById('calc-data');
  if (!form || !dataNode) return;
  const data = JSON.parse(dataNode.textContent ?? '{}') as PageData;
  const { lang, texts, words } = data;
  const $ = <T extends Element = HTMLElement>(selector: string) =>
    document.querySelector<T>(selector)!;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  const n = (value: number, decimals = 2) => dutyNumber(value, lang, decimals);
  const say = (key: string, values: Record<string, string> = {}) =>
    (texts[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

  // the address's duty into the fields; an address without one starts from the example
  const params = new URLSearchParams(location.search);
  const { input: fromAddress } = dutyFromParams(params);
  const start =
    fromAddress.capacity !== undefined || fromAddress.length !== undefined
      ? fromAddress
      : { ...EXAMPLE, ...fromAddress };
  const productId = Number(params.get('product')) || null;
  const product = data.models.find((model) => model.id === productId);
  let chosen: number | null = product?.id ?? null;
  if (product) {
    const line = $('[data-calc-checking]');
    const link = line.querySelector('a')!;
    link.href = product.path;
    link.textContent = product.name;
    line.hidden = false;
  }
  const material = field('material') as unknown as HTMLSelectElement;
  // an address with a density of its own and no material is "other"
  material.value =
    start.material ?? (start.density !== undefined ? '' : (EXAMPLE.material as string));
  for (const name of TYPED) {
    const value = start[name];
    if (value !== undefined) field(name)!.value = n(value, 6);
  }
  for (const name of CHOSEN) {
    const value = start[name];
    if (value !== undefined) field(name)!.value = String(value);
  }
  // a belt or an assumption set in the address is shown, not folded away
  if (CHOSEN.some((name) => name !== 'trough' && start[name] !== undefined) || start.fill) {
    form.querySelector('details')!.open = true;
  }
  if (TYPED.slice(6).some((name) => start[name] !== undefined)) {
    $<HTMLDetailsElement>('[data-calc-assumptions]').open = true;
  }

  let current: { input: DutyInput; sizing: Sizing } | null = null;

  /** The duty the fields hold, and the fields that hold no figure in range. */
  function read(): { input: Partial<DutyInput>; invalid: string[] } {
    const input: Record<string, unknown> = {};
    const invalid: string[] = [];
    if (material.value) input.material = material.value;
    for (const name of TYPED) {
      const value = typedFigure(field(name)!.value, lang);
      if (value === undefined) continue;
      if (value === null || !dutyFigureFits(name, value)) invalid.push(name);
      else input[name] = value;
    }
    for (const name of CHOSEN) {
      const raw = field(name)!.value;
      // the method's own trough and rolls (the selects' first choice) the address leaves out
      if (raw && raw !== SELECT_DEFAULTS[name]) input[name] = Number(raw);
    }
    return { input: input as Partial<DutyInput>, invalid };
  }

  /** The material's figures as the fields' placeholders: what is used when left empty. */
  function showMaterial(): void {
    const m = materialByCode(material.value);
    field('density')!.placeholder = m ? n(meanDensity(m), 3) : '';
    field('surcharge')!.placeholder = m ? n(m.surcharge) : '';
  }

  function setResult(name: string, value: number | null, text: string): void {
    const node = $(`[data-result="${name}"]`);
    node.dataset.value = value === null ? '' : String(value);
    node.textContent = text;
  }

  function problem(text: string | null): void {
    const node = $('[data-calc-problem]');
    node.textContent = text ?? '';
    node.hidden = text === null;
    $('[data-calc-figures]').hidden = text !== null;
    $('[data-calc-assumed]').hidden = text !== null;
    $('[data-recommended]').hidden = text !== null || !data.models.length;
    $<HTMLButtonElement>('[data-calc-quote]').disabled = text !== null;
    if (text !== null) {
      current = null;
      $('[data-calc-note]').hidden = true;
    }
  }

  function compute(): void {
    showMaterial();
    const { input, invalid } = read();
    for (const name of [...TYPED]) {
      field(name)!.setAttribute('aria-invalid', String(invalid.includes(name)));
    }
    // the address follows the fields, so a result can be shared and bookmarked
    const query = new URLSearchParams(dutyToParams(input));
    if (productId) query.set('product', String(productId));
    history.replaceState(history.state, '', `${location.pathname}?${query.toString()}`);
    if (invalid.length) {
      problem(say('calc_invalid', { field: say(LABELS[invalid[0]!]!) }));
      return;
    }
    if (input.capacity === undefined || input.length === undefined || input.lift === undefined) {
      problem(say('calc_missing'));
      return;
    }
    const full = input as DutyInput;
    const resolved = resolveDuty(full);
    if ('problem' in resolved) {
      problem(say('calc_invalid', { field: say('calc_density') }));
      return;
    }
    const sizing = sizeConveyor(resolved.duty);
    if (!sizing.ok) {
      if (sizing.problem === 'tooSteep') {
        problem(say('calc_too_steep', { angle: n(sizing.inclination, 1), limit: n(sizing.limit) }));
      } else if (sizing.problem === 'tooMuch') {
        problem(say('calc_too_much', { most: n(sizing.most, 0) }));
      } else {
        problem(say('calc_invalid', { field: say(LABELS[sizing.field] ?? sizing.field) }));
      }
      return;
    }
    problem(null);
    current = { input: full, sizing };
    // the figures as a lead keeps them (dutyResult), so the page and sales read the same
    const r = dutyResult(sizing);
    setResult('width', r.width, `${r.width} ${words.mm}`);
    setResult('speed', r.speed, `${n(r.speed)} ${words.ms}`);
    setResult('capacity', r.capacity, `${n(r.capacity, 0)} ${words.tph}`);
    setResult('utilisation', r.utilisation, `${n(r.utilisation, 0)} %`);
    setResult('power', r.power, `${n(r.power, 1)} ${words.kw}`);
    setResult('motor', r.motor, r.motor ? `${n(r.motor)} ${words.kw}` : '—');
    setResult(
      'inclination',
      Math.round(sizing.inclination * 10) / 10,
      `${n(sizing.inclination, 1)}°`,
    );
    const note = $('[data-calc-note]');
    note.hidden = sizing.motor !== null;
    note.textContent = sizing.force < 0 ? say('calc_regenerating') : say('calc_no_motor');
    // the assumptions used, as the placeholders of their fields and in one line
    const a = sizing.assumed;
    const used: [string, number, number][] = [
      ['f', a.f, 3],
      ['c', a.c, 2],
      ['belt', a.beltKgM, 1],
      ['carrying', a.carryingIdlersKgM, 1],
      ['return', a.returnIdlersKgM, 1],
      ['efficiency', a.efficiency, 2],
      ['fill', a.fill, 2],
    ];
    for (const [name, value, decimals] of used) field(name)!.placeholder = n(value, decimals);
    field('special')!.placeholder = '0';
    $('[data-calc-assumed]').textContent = used
      .map(([name, value, decimals]) => `${say(LABELS[name]!)} ${n(value, decimals)}`)
      .join(' · ');
    showModels(full, sizing);
  }

  const figureUnit: Record<ModelCheck['code'], string> = {
    belt_width: words.mm!,
    capacity: words.tph!,
    length: words.m!,
    lift_height: words.m!,
    motor_power: words.kw!,
  };
  const describe = (check: ModelCheck) =>
    `${say(`calc_fig_${check.code}`)} ${n(check.has)} ${figureUnit[check.code]} (${
      check.ok
        ? `${say('calc_margin')} ${n(Math.round(check.margin), 0)} %`
        : `${say('calc_short')} ${n(Math.round(-check.margin), 0)} %`
    })`;

  function modelItem(match: ModelMatch): HTMLLIElement {
    const model = data.models.find((m) => m.id === match.id)!;
    const item = document.createElement('li');
    item.dataset.model = String(model.id);
    const link = document.createElement('a');
    link.href = model.path;
    link.textContent = model.name;
    const why = document.createElement('span');
    why.className = 'muted';
    why.textContent = match.checks.map(describe).join('; ');
    const choose = document.createElement('button');
    choose.type = 'button';
    choose.className = 'button button-ghost';
    choose.dataset.choose = String(model.id);
    choose.setAttribute('aria-pressed', String(chosen === model.id));
    choose.textContent = chosen === model.id ? say('calc_chosen') : say('calc_choose');
    // into the quote basket, with this duty
    const add = document.createElement('button');
    add.type = 'button';
    add.className = 'button button-ghost';
    add.dataset.quoteAdd = String(model.id);
    add.dataset.name = model.name;
    add.dataset.path = model.path;
    if (current) add.dataset.duty = JSON.stringify(current.input);
    add.dataset.labelOff = say('basket_add');
    add.dataset.labelOn = say('basket_added');
    const label = document.createElement('span');
    label.dataset.label = '';
    label.textContent = say('basket_add');
    add.append(label);
    item.append(link, ' ', why, ' ', choose, ' ', add);
    return item;
  }

  function showModels(input: DutyInput, sizing: Sizing): void {
    const { fit, near } = matchModels(data.models, input, sizing);
    $('[data-calc-fit]').replaceChildren(...fit.map(modelItem));
    $('[data-calc-none]').hidden = fit.length > 0;
    $('[data-calc-near]').replaceChildren(...near.map(modelItem));
    $('[data-calc-near]').hidden = near.length === 0;
    $('[data-calc-near-title]').hidden = near.length === 0;
    // the Add to quote toggles say whether their model is in the basket (src/scripts/basket.ts)
    document.dispatchEvent(new Event('quote:sync'));
  }

  // each keystroke and choice (a select fires `input` too); not `change`, which comes again as a
  // field is left and would redraw the models' list under the click that left it
  form.addEventListener('input', compute);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    compute();
  });
  $('[data-recommended]').addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-choose]');
    if (!button) return;
    const id = Number(button.dataset.choose);
    chosen = chosen === id ? null : id;
    for (const other of document.querySelectorAll<HTMLButtonElement>('[data-choose]')) {
      const pressed = Number(other.dataset.choose) === chosen;
      other.setAttribute('aria-pressed', String(pressed));
      other.textContent = pressed ? say('calc_chosen') : say('calc_choose');
    }
  });
  $('[data-calc-print]').addEventListener('click', () => window.print());

  // "Request a quote with this duty": the duty, its result and the model chosen go above the
  // page's quote form, which sends them with the lead (src/components/islands/PublicForm.tsx)
  const about = document.querySelector<HTMLElement>('[data-quote-duty]');
  $('[data-calc-quote]').addEventListener('click', () => {
    if (!current || !about) return;
    const { input, sizing } = current;
    about.dataset.duty = JSON.stringify(input);
    if (chosen) about.dataset.product = String(chosen);
    else delete about.dataset.product;
    const model = data.models.find((m) => m.id === chosen);
    const m = input.material ? materialByCode(input.material) : undefined;
    about.querySelector('strong')!.textContent = [
      m?.name[lang],
      `${n(input.capacity)} ${words.tph}, ${n(input.length)} ${words.m}, ${n(input.lift)} ${words.m}`,
      `${sizing.width} ${words.mm} · ${n(sizing.speed)} ${words.ms}` +
        (sizing.motor ? ` · ${n(sizing.motor)} ${words.kw}` : ''),
      model?.name,
    ]
      .filter(Boolean)
      .join('; ');
    about.hidden = false;
    const section = about.closest('section');
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section?.querySelector<HTMLElement>('input:not([type=hidden]):not([tabindex="-1"])')?.focus({
      preventScroll: true,
    });
  });
  about?.querySelector('button')?.addEventListener('click', () => {
    about.hidden = true;
    delete about.dataset.duty;
    delete about.dataset.product;
  });

  compute();
}
