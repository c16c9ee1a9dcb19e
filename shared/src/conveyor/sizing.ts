import {
  BELT_WIDTHS,
  type BeltWidth,
  crossSection,
  flows,
  inclination,
  inclinationFactor,
  type Rolls,
} from './capacity.ts';
import { cResistance, drive, movingMasses } from './power.ts';

/** The standard belt speeds the calculator picks from, m/s (ISO 22's R10 series rounded). */
export const BELT_SPEEDS = [0.8, 1, 1.25, 1.6, 2, 2.5, 3.15, 4, 5] as const;

/** What the buyer arrives with: the material, the flow, the length and the lift. */
export interface Duty {
  /** Bulk density, t/m³. */
  density: number;
  /** The material's surcharge angle on a moving belt, degrees. */
  surcharge: number;
  /** The mass flow to carry, t/h. */
  capacity: number;
  /** The conveyor's length along the belt, m. */
  length: number;
  /** The lift, m (negative downhill). */
  lift: number;
  /** A belt width to use, mm; the smallest that carries the flow when absent. */
  width?: BeltWidth;
  /** A belt speed to use, m/s; the lowest standard one that carries the flow when absent. */
  speed?: number;
  /** The largest speed the material takes without dust or spillage, m/s (default 3.15). */
  maxSpeed?: number;
  /**
   * The largest inclination the material is carried at without rolling back, degrees (a
   * material's `maxIncline`); the surcharge angle, where the method ends, when absent.
   */
  maxIncline?: number;
  /** Trough angle, degrees (default 35), and rolls of the carrying set (default 3). */
  trough?: number;
  rolls?: Rolls;
  /** The share of the cross-section the design fills (default 1.0: the full section). */
  fill?: number;
  /** Assumptions the user may change: f, C, the masses per metre, the drive's efficiency. */
  f?: number;
  c?: number;
  beltKgM?: number;
  carryingIdlersKgM?: number;
  returnIdlersKgM?: number;
  efficiency?: number;
  /** Special resistances (skirts, ploughs), N. */
  special?: number;
}

/** The belt and drive that carry a duty, with what was assumed. */
export interface Sizing {
  ok: true;
  width: BeltWidth;
  speed: number;
  /** What the chosen belt carries at its full cross-section, t/h. */
  capacity: number;
  /** The duty's flow as a share of that, %. */
  utilisation: number;
  /** Power at the drive drum, kW; the motor power needed, and the standard motor, kW. */
  power: number;
  required: number;
  motor: number | null;
  /** The peripheral force on the drive drum, N. */
  force: number;
  inclination: number;
  /** ISO 5048's reduction of the cross-section for the inclination. */
  k: number;
  /** The load's cross-section on a level belt, m². */
  section: number;
  assumed: {
    f: number;
    c: number;
    beltKgM: number;
    carryingIdlersKgM: number;
    returnIdlersKgM: number;
    efficiency: number;
    fill: number;
    trough: number;
    rolls: Rolls;
  };
}

/** Why a duty gets no figures: what the page says instead (docs/calculator.md). */
export type SizingProblem =
  /** A figure out of its range (which: the field). */
  | { ok: false; problem: 'invalid'; field: keyof Duty }
  /**
   * Steeper than the material is carried (its largest incline) or than the method applies (its
   * surcharge angle): it slides back.
   */
  | { ok: false; problem: 'tooSteep'; inclination: number; limit: number }
  /** No standard belt (or not the one chosen) carries the flow; the most it could, t/h. */
  | { ok: false; problem: 'tooMuch'; most: number };

const positive = (value: number | undefined) =>
  value === undefined || (Number.isFinite(value) && value > 0);

/**
 * Sizes a belt conveyor for a duty by ISO 5048: the smallest standard width, then the lowest
 * standard speed up to the material's, whose cross-section (reduced for the inclination,
 * filled to `fill`) carries the flow; then the drive's force and power for that belt, with C by
 * the length, f 0.020, the belt's and idlers' masses by its width, and the drive's efficiency
 * 0.90 unless the duty says otherwise.
 */
export function sizeConveyor(duty: Duty): Sizing | SizingProblem {
  for (const field of [
    'density',
    'capacity',
    'length',
    'maxSpeed',
    'maxIncline',
    'speed',
    'f',
    'c',
  ] as const) {
    if (!positive(duty[field])) return { ok: false, problem: 'invalid', field };
  }
  if (!(duty.surcharge >= 0 && duty.surcharge < 90)) {
    return { ok: false, problem: 'invalid', field: 'surcharge' };
  }
  if (!Number.isFinite(duty.lift) || Math.abs(duty.lift) >= duty.length) {
    return { ok: false, problem: 'invalid', field: 'lift' };
  }
  const fill = duty.fill ?? 1;
  if (!(fill > 0 && fill <= 1)) return { ok: false, problem: 'invalid', field: 'fill' };
  const efficiency = duty.efficiency ?? 0.9;
  if (!(efficiency > 0 && efficiency <= 1)) {
    return { ok: false, problem: 'invalid', field: 'efficiency' };
  }
  const rolls = duty.rolls ?? 3;
  const trough = rolls === 1 ? 0 : (duty.trough ?? 35);
  if (!(trough >= 0 && trough <= 60)) return { ok: false, problem: 'invalid', field: 'trough' };
  if (duty.width !== undefined && !BELT_WIDTHS.includes(duty.width)) {
    return { ok: false, problem: 'invalid', field: 'width' };
  }

  const delta = inclination(duty.length, duty.lift);
  if (duty.maxIncline !== undefined && Math.abs(delta) > duty.maxIncline) {
    return { ok: false, problem: 'tooSteep', inclination: delta, limit: duty.maxIncline };
  }
  const widths = duty.width ? [duty.width] : BELT_WIDTHS;
  const speeds = duty.speed
    ? [duty.speed]
    : BELT_SPEEDS.filter((speed) => speed <= (duty.maxSpeed ?? 3.15) + 1e-9);
  let most = 0;
  for (const width of widths) {
    const section = crossSection(width, rolls, trough, duty.surcharge);
    const k = inclinationFactor(section, delta, duty.surcharge);
    if (k === null) {
      return { ok: false, problem: 'tooSteep', inclination: delta, limit: duty.surcharge };
    }
    for (const speed of speeds) {
      const full = flows(section.total, k, speed, duty.density).mass;
      most = Math.max(most, full * fill);
      if (full * fill < duty.capacity) continue;
      const masses = movingMasses(width);
      const assumed = {
        f: duty.f ?? 0.02,
        c: duty.c ?? cResistance(duty.length),
        beltKgM: duty.beltKgM ?? masses.beltKgM,
        carryingIdlersKgM: duty.carryingIdlersKgM ?? masses.carryingIdlersKgM,
        returnIdlersKgM: duty.returnIdlersKgM ?? masses.returnIdlersKgM,
        efficiency,
        fill,
        trough,
        rolls,
      };
      const power = drive({
        lengthM: duty.length,
        liftM: duty.lift,
        inclinationDeg: delta,
        speedMs: speed,
        massFlowTh: duty.capacity,
        ...assumed,
        specialN: duty.special,
      });
      return {
        ok: true,
        width,
        speed,
        capacity: full,
        utilisation: (duty.capacity / full) * 100,
        power: power.drumKw,
        required: power.requiredKw,
        motor: power.motorKw,
        force: power.forceN,
        inclination: delta,
        k,
        section: section.total,
        assumed,
      };
    }
  }
  return { ok: false, problem: 'tooMuch', most };
}
