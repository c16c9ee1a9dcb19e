// Which of our models carry a duty: a product's typed specifications, by attribute code,
// against the belt and drive the calculator came to (docs/calculator.md, "Our models that fit").

import type { Sizing } from './sizing.ts';

/**
 * The attribute codes a model is matched by, and how: a figure of the product (a number, or
 * a range's ends) against the duty's.
 *  - `belt_width` (mm): at least the belt the duty needs;
 *  - `capacity` (t/h): at least the duty's flow;
 *  - `length` (m, a range): the duty's length within it;
 *  - `lift_height` (m, a range): the duty's lift no more than its largest;
 *  - `motor_power` (kW, a range): its largest at least the motor the duty needs.
 */
export const MODEL_CODES = [
  'belt_width',
  'capacity',
  'length',
  'lift_height',
  'motor_power',
] as const;
export type ModelCode = (typeof MODEL_CODES)[number];

/** A figure of a product: a number, or a range's ends (either may be absent). */
export interface ModelFigure {
  value?: number;
  min?: number;
  max?: number;
}

/** A product as the calculator matches it: its figures by attribute code. */
export interface ModelFigures {
  id: number;
  figures: Partial<Record<ModelCode, ModelFigure>>;
}

/** One figure of a model against the duty: what it has, what the duty needs, and the margin. */
export interface ModelCheck {
  code: ModelCode;
  ok: boolean;
  /** The product's figure compared (a range's end where it has one). */
  has: number;
  /** The duty's figure. */
  needs: number;
  /** How much the product's figure exceeds (or, negative, falls short of) the duty's, %. */
  margin: number;
}

export interface ModelMatch {
  id: number;
  checks: ModelCheck[];
  /** Every figure the product has covers the duty. */
  fits: boolean;
}

/**
 * A model "nearly fits" when it misses on one figure and by no more than this share of the
 * duty's: worth a word with sales (a longer frame, a larger motor), not a recommendation.
 */
export const NEAR_MISS = 0.25;

/** The duty's figures the models are checked against. */
export interface DutyFigures {
  capacity: number;
  length: number;
  lift: number;
}

const margin = (has: number, needs: number) => (needs > 0 ? ((has - needs) / needs) * 100 : 0);

/** A model's figures against a sized duty; null when it states no capacity. */
export function matchModel(
  model: ModelFigures,
  duty: DutyFigures,
  sizing: Pick<Sizing, 'width' | 'motor' | 'required'>,
): ModelMatch | null {
  const { figures } = model;
  const checks: ModelCheck[] = [];
  const atLeast = (code: ModelCode, has: number | undefined, needs: number) => {
    if (has === undefined) return;
    checks.push({ code, ok: has >= needs - 1e-9, has, needs, margin: margin(has, needs) });
  };
  const top = (f: ModelFigure | undefined) => f?.max ?? f?.value;
  atLeast('belt_width', top(figures.belt_width), sizing.width);
  atLeast('capacity', top(figures.capacity), duty.capacity);
  const length = figures.length;
  if (length) {
    const longest = top(length);
    const shortest = length.min ?? length.value;
    if (shortest !== undefined && duty.length < shortest) {
      // too long a frame for the duty: short by the difference, as a shortfall
      checks.push({
        code: 'length',
        ok: false,
        has: shortest,
        needs: duty.length,
        margin: -margin(shortest, duty.length),
      });
    } else atLeast('length', longest, duty.length);
  }
  if (duty.lift > 0) atLeast('lift_height', top(figures.lift_height), duty.lift);
  atLeast('motor_power', top(figures.motor_power), sizing.motor ?? sizing.required);
  // a product that states no flow cannot be said to carry one (a roller conveyor's width)
  if (figures.capacity === undefined) return null;
  return { id: model.id, checks, fits: checks.every((check) => check.ok) };
}

/**
 * The models that fit a duty, those with the most to spare on its flow last (the closest fit
 * first), and those that nearly fit: short on one figure by no more than NEAR_MISS.
 */
export function matchModels(
  models: readonly ModelFigures[],
  duty: DutyFigures,
  sizing: Pick<Sizing, 'width' | 'motor' | 'required'>,
): { fit: ModelMatch[]; near: ModelMatch[] } {
  const matches = models.flatMap((model) => matchModel(model, duty, sizing) ?? []);
  const spare = (match: ModelMatch) =>
    Math.min(...match.checks.filter((check) => check.ok).map((check) => check.margin));
  const fit = matches.filter((match) => match.fits).sort((a, b) => spare(a) - spare(b));
  const near = matches.filter((match) => {
    const short = match.checks.filter((check) => !check.ok);
    return short.length === 1 && -short[0]!.margin <= NEAR_MISS * 100;
  });
  return { fit, near };
}
