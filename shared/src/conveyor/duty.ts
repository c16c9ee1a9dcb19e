// A duty as the calculator page's address and a quote request carry it: the buyer's figures
// (a material by its code, or a density and a surcharge angle; the flow, the length, the lift;
// any width, speed, trough or assumption they set), read from an address, checked by one
// schema, turned into sizeConveyor's Duty, and told in words for sales.

import type { FromSchema } from 'json-schema-to-ts';
import type { Language } from '../languages.ts';
import { BELT_WIDTHS, type BeltWidth, type Rolls } from './capacity.ts';
import { type Material, materialByCode, meanDensity } from './materials.ts';
import { type Duty, type Sizing, type SizingProblem, sizeConveyor } from './sizing.ts';

/**
 * The figures of a duty, by the names the address uses (`/calculator?material=gravel&capacity=300
 * &length=60&lift=8`), each with the range the page and the API take: the figures a conveyor of
 * this kind can have, wide enough for any real duty, narrow enough that none overflows the
 * arithmetic. The assumptions (f, c, the masses per metre, the efficiency, special resistances)
 * are the page's "assumptions" block.
 */
export const DUTY_FIGURES = {
  density: { minimum: 0.05, maximum: 10 },
  surcharge: { minimum: 0, maximum: 45 },
  capacity: { minimum: 0.1, maximum: 50000 },
  length: { minimum: 1, maximum: 10000 },
  lift: { minimum: -2000, maximum: 2000 },
  speed: { minimum: 0.1, maximum: 10 },
  trough: { minimum: 0, maximum: 60 },
  fill: { minimum: 0.1, maximum: 1 },
  f: { minimum: 0.005, maximum: 0.1 },
  c: { minimum: 1, maximum: 10 },
  belt: { minimum: 0.1, maximum: 500 },
  carrying: { minimum: 0, maximum: 1000 },
  return: { minimum: 0, maximum: 1000 },
  efficiency: { minimum: 0.3, maximum: 1 },
  special: { minimum: 0, maximum: 10000000 },
} as const;
export type DutyFigure = keyof typeof DUTY_FIGURES;

const figure = (name: DutyFigure) => ({ type: 'number', ...DUTY_FIGURES[name] }) as const;

/** A duty as a quote request sends it (POST /api/leads `duty`) and the page's address holds it. */
export const dutyInputSchema = {
  type: 'object',
  properties: {
    /** A material of the calculator's table (MATERIALS), by its code. */
    material: { type: 'string', pattern: '^[a-z0-9-]{1,40}$' },
    density: figure('density'),
    surcharge: figure('surcharge'),
    capacity: figure('capacity'),
    length: figure('length'),
    lift: figure('lift'),
    width: { type: 'integer', enum: [...BELT_WIDTHS] },
    speed: figure('speed'),
    trough: figure('trough'),
    rolls: { type: 'integer', enum: [1, 2, 3] },
    fill: figure('fill'),
    f: figure('f'),
    c: figure('c'),
    belt: figure('belt'),
    carrying: figure('carrying'),
    return: figure('return'),
    efficiency: figure('efficiency'),
    special: figure('special'),
  },
  required: ['capacity', 'length', 'lift'],
  additionalProperties: false,
} as const;
export type DutyInput = FromSchema<typeof dutyInputSchema>;

/** The address's parameters, in the order a shared address writes them. */
export const DUTY_PARAMS = Object.keys(dutyInputSchema.properties) as (keyof DutyInput)[];

/** The figures of a result a lead keeps and the page marks (`data-result`). */
export interface DutyResult {
  /** mm, a standard width (BELT_WIDTHS). */
  width: number;
  speed: number;
  /** t/h the chosen belt carries at its full cross-section. */
  capacity: number;
  /** %. */
  utilisation: number;
  /** kW at the drum; the standard motor, kW (null: none of the series, or regenerating). */
  power: number;
  motor: number | null;
}

/** A duty as a lead keeps it: what the buyer gave, and what it came to (or why nothing did). */
export interface LeadDuty extends DutyInput {
  result?: DutyResult;
  problem?: SizingProblem['problem'];
}

const resultNumber = { type: 'number' } as const;

/** A lead's duty as the API answers it (`duty` of a lead; null when it was not asked with one). */
export const leadDutySchema = {
  type: ['object', 'null'],
  properties: {
    ...dutyInputSchema.properties,
    result: {
      type: 'object',
      properties: {
        width: { type: 'integer' },
        speed: resultNumber,
        capacity: resultNumber,
        utilisation: resultNumber,
        power: resultNumber,
        motor: { type: ['number', 'null'] },
      },
      required: ['width', 'speed', 'capacity', 'utilisation', 'power', 'motor'],
      additionalProperties: false,
    },
    problem: { type: 'string', enum: ['invalid', 'tooSteep', 'tooMuch'] },
  },
  required: ['capacity', 'length', 'lift'],
  additionalProperties: false,
} as const;

/** Why a duty's material or figures cannot be used as they are. */
export type DutyInputProblem =
  | { problem: 'material' }
  /** neither a material nor a density and a surcharge */
  | { problem: 'noMaterial' };

/**
 * The Duty sizeConveyor takes: a material's mean density, surcharge angle, largest speed and
 * incline, unless the buyer gave their own density or surcharge (then the material's limits
 * stay); the assumptions by their longer names.
 */
export function resolveDuty(
  input: DutyInput,
): { duty: Duty; material?: Material } | DutyInputProblem {
  const material = input.material ? materialByCode(input.material) : undefined;
  if (input.material && !material) return { problem: 'material' };
  const density = input.density ?? (material && meanDensity(material));
  const surcharge = input.surcharge ?? material?.surcharge;
  if (density === undefined || surcharge === undefined) return { problem: 'noMaterial' };
  const duty: Duty = {
    density,
    surcharge,
    capacity: input.capacity,
    length: input.length,
    lift: input.lift,
    ...(input.width !== undefined && { width: input.width as BeltWidth }),
    ...(input.speed !== undefined && { speed: input.speed }),
    ...(material && { maxSpeed: material.maxSpeed, maxIncline: material.maxIncline }),
    ...(input.trough !== undefined && { trough: input.trough }),
    ...(input.rolls !== undefined && { rolls: input.rolls as Rolls }),
    ...(input.fill !== undefined && { fill: input.fill }),
    ...(input.f !== undefined && { f: input.f }),
    ...(input.c !== undefined && { c: input.c }),
    ...(input.belt !== undefined && { beltKgM: input.belt }),
    ...(input.carrying !== undefined && { carryingIdlersKgM: input.carrying }),
    ...(input.return !== undefined && { returnIdlersKgM: input.return }),
    ...(input.efficiency !== undefined && { efficiency: input.efficiency }),
    ...(input.special !== undefined && { special: input.special }),
  };
  return material ? { duty, material } : { duty };
}

/** A duty sized, as a lead keeps it. */
export function leadDuty(input: DutyInput): LeadDuty {
  const resolved = resolveDuty(input);
  if ('problem' in resolved) return { ...input, problem: 'invalid' };
  const sizing = sizeConveyor(resolved.duty);
  if (!sizing.ok) return { ...input, problem: sizing.problem };
  return { ...input, result: dutyResult(sizing) };
}

/** The figures of a sizing a lead keeps, rounded as the page shows them. */
export function dutyResult(sizing: Sizing): DutyResult {
  return {
    width: sizing.width,
    speed: sizing.speed,
    capacity: round(sizing.capacity, 0),
    utilisation: round(sizing.utilisation, 0),
    power: round(sizing.power, 1),
    motor: sizing.motor,
  };
}

const round = (value: number, decimals: number) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * A duty from an address's parameters (a URLSearchParams, or its pairs): the figures that are numbers (a point for decimals, as
 * an address writes them), the material's code; a parameter that is not one of the duty's, or
 * not a figure, is left out and named in `ignored`.
 */
export function dutyFromParams(params: Iterable<readonly [string, string]>): {
  input: Partial<DutyInput>;
  ignored: string[];
} {
  const input: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [name, raw] of params) {
    const value = raw.trim();
    if (!value) continue;
    if (name === 'material') {
      if (materialByCode(value)) input.material = value;
      else ignored.push(name);
      continue;
    }
    if (!(DUTY_PARAMS as string[]).includes(name)) continue;
    const number = Number(value);
    if (Number.isFinite(number) && dutyFigureFits(name as keyof DutyInput, number)) {
      input[name] = number;
    } else ignored.push(name);
  }
  return { input: input as Partial<DutyInput>, ignored };
}

/** Whether a figure is in the range the schema takes. */
export function dutyFigureFits(name: keyof DutyInput, value: number): boolean {
  if (name === 'width') return (BELT_WIDTHS as readonly number[]).includes(value);
  if (name === 'rolls') return value === 1 || value === 2 || value === 3;
  if (name === 'material') return false;
  const range = DUTY_FIGURES[name];
  return value >= range.minimum && value <= range.maximum;
}

/**
 * The parameters of an address's query for a duty (`new URLSearchParams(dutyToParams(duty))`):
 * its figures in DUTY_PARAMS's order, left out when absent.
 */
export function dutyToParams(input: Partial<DutyInput>): [string, string][] {
  return DUTY_PARAMS.flatMap((name) => {
    const value = input[name];
    return value === undefined ? [] : [[name, String(value)] as [string, string]];
  });
}

/** The words of a duty's lines for sales, in each language. */
export const DUTY_WORDS: Record<Language, Record<string, string>> = {
  uz: {
    material: 'Material',
    density: 'zichlik',
    surcharge: 'qiyalik burchagi',
    duty: 'Vazifa',
    lift: 'koʻtarish',
    belt: 'Lenta',
    at: 'tezligi',
    carries: 'Toʻliq kesimda tashiydi',
    power: 'Baraban quvvati',
    motor: 'dvigatel',
    none: 'Hisob natija bermadi',
    tooSteep: 'material bu qiyalikda sirgʻanib ketadi',
    tooMuch: 'bu oqimni standart lenta tashimaydi',
    invalid: 'raqamlar oraligʻidan tashqarida',
    tph: 't/soat',
    m: 'm',
    mm: 'mm',
    ms: 'm/s',
    kw: 'kVt',
    tm3: 't/m³',
  },
  ru: {
    material: 'Материал',
    density: 'плотность',
    surcharge: 'угол откоса',
    duty: 'Задача',
    lift: 'подъём',
    belt: 'Лента',
    at: 'скорость',
    carries: 'Производительность при полном сечении',
    power: 'Мощность на барабане',
    motor: 'двигатель',
    none: 'Расчёт не дал результата',
    tooSteep: 'на таком уклоне материал скатывается',
    tooMuch: 'такой поток не несёт ни одна стандартная лента',
    invalid: 'значения вне допустимых пределов',
    tph: 'т/ч',
    m: 'м',
    mm: 'мм',
    ms: 'м/с',
    kw: 'кВт',
    tm3: 'т/м³',
  },
  en: {
    material: 'Material',
    density: 'density',
    surcharge: 'surcharge angle',
    duty: 'Duty',
    lift: 'lift',
    belt: 'Belt',
    at: 'at',
    carries: 'Carries at full section',
    power: 'Power at the drum',
    motor: 'motor',
    none: 'No result',
    tooSteep: 'the material slides back at this incline',
    tooMuch: 'no standard belt carries this flow',
    invalid: 'figures out of range',
    tph: 't/h',
    m: 'm',
    mm: 'mm',
    ms: 'm/s',
    kw: 'kW',
    tm3: 't/m³',
  },
};

/** A figure as the language writes it (1 200,5 in Russian and Uzbek). */
export function dutyNumber(value: number, language: Language, decimals = 2): string {
  return new Intl.NumberFormat(language === 'en' ? 'en' : 'ru', {
    maximumFractionDigits: decimals,
  }).format(value);
}

/**
 * A lead's duty as lines for sales (the lead's screen, Telegram, e-mail, exports): the
 * material, the duty, and the belt and drive it came to, or why it came to none.
 */
export function describeDuty(duty: LeadDuty, language: Language): string[] {
  const w = DUTY_WORDS[language];
  const n = (value: number, decimals?: number) => dutyNumber(value, language, decimals);
  const material = duty.material ? materialByCode(duty.material) : undefined;
  const properties = [
    duty.density !== undefined && `${w.density} ${n(duty.density)} ${w.tm3}`,
    duty.surcharge !== undefined && `${w.surcharge} ${n(duty.surcharge)}°`,
  ].filter(Boolean);
  const lines = [
    `${w.material}: ${[material?.name[language] ?? duty.material, ...properties].filter(Boolean).join(', ')}`,
    `${w.duty}: ${n(duty.capacity)} ${w.tph}, ${n(duty.length)} ${w.m}, ${w.lift} ${n(duty.lift)} ${w.m}`,
  ];
  const result = duty.result;
  if (result) {
    lines.push(
      `${w.belt}: ${result.width} ${w.mm}, ${w.at} ${n(result.speed)} ${w.ms}`,
      `${w.carries}: ${n(result.capacity, 0)} ${w.tph} (${n(result.utilisation, 0)} %)`,
      `${w.power}: ${n(result.power, 1)} ${w.kw}` +
        (result.motor ? `, ${w.motor} ${n(result.motor)} ${w.kw}` : ''),
    );
  } else {
    lines.push(`${w.none}: ${w[duty.problem ?? 'invalid']}`);
  }
  return lines;
}
