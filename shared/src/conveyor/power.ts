// The drive of a belt conveyor by ISO 5048: the peripheral force on the drive drum from the
// main and secondary resistances (coefficient C), the lift, and any special resistance the
// user gives; the power at the drum; the motor, rounded up to IEC's standard sizes.

/** The acceleration of gravity, m/s². */
export const G = 9.81;

/** IEC 60072's standard motor powers, kW (the sizes a drive is bought in). */
export const MOTOR_SIZES_KW = [
  0.75, 1.1, 1.5, 2.2, 3, 4, 5.5, 7.5, 11, 15, 18.5, 22, 30, 37, 45, 55, 75, 90, 110, 132, 160, 200,
  250, 315, 355, 400, 450, 500, 560, 630,
] as const;

/**
 * Coefficient C of the secondary resistances by the conveyor's length (ISO 5048 / DIN 22101's
 * table, [length m, C]): the resistances at the loading point, the drums and the cleaners,
 * which weigh more on a short conveyor. Between two lengths C is interpolated; beyond the
 * table it is its last value.
 */
export const C_BY_LENGTH: readonly (readonly [number, number])[] = [
  [3, 9.0],
  [4, 7.6],
  [5, 6.6],
  [6, 5.9],
  [8, 5.1],
  [10, 4.5],
  [13, 4.0],
  [16, 3.6],
  [20, 3.2],
  [25, 2.9],
  [32, 2.6],
  [40, 2.4],
  [50, 2.2],
  [63, 2.0],
  [80, 1.92],
  [90, 1.86],
  [100, 1.78],
  [120, 1.7],
  [140, 1.63],
  [160, 1.56],
  [180, 1.5],
  [200, 1.45],
  [250, 1.38],
  [300, 1.31],
  [350, 1.27],
  [400, 1.25],
  [450, 1.22],
  [500, 1.2],
  [550, 1.18],
  [600, 1.17],
  [700, 1.14],
  [800, 1.12],
  [900, 1.1],
  [1000, 1.09],
  [1500, 1.06],
  [2000, 1.05],
  [2500, 1.04],
  [5000, 1.03],
];

/** C for a conveyor of `lengthM`: interpolated in C_BY_LENGTH. */
export function cResistance(lengthM: number): number {
  const table = C_BY_LENGTH;
  if (lengthM <= table[0]![0]) return table[0]![1];
  for (let i = 1; i < table.length; i++) {
    const [length, c] = table[i]!;
    if (lengthM <= length) {
      const [shorter, cShorter] = table[i - 1]!;
      return cShorter + ((c - cShorter) * (lengthM - shorter)) / (length - shorter);
    }
  }
  return table.at(-1)![1];
}

/**
 * The moving masses per metre for a belt of `widthMm`, kg/m: a fabric (EP) belt of 13.7 kg/m²,
 * and idler sets (three rolls carrying, every 1.2 m; one roll returning, every 3 m) whose
 * rotating mass grows with the width from a 1200 mm set's 15.5 kg and 13.2 kg. Typical values,
 * shown and editable on the calculator (docs/calculator.md names their source).
 */
export function movingMasses(widthMm: number): {
  beltKgM: number;
  carryingIdlersKgM: number;
  returnIdlersKgM: number;
} {
  const scale = widthMm / 1200;
  return {
    beltKgM: 13.7 * (widthMm / 1000),
    carryingIdlersKgM: (15.5 * scale) / 1.2,
    returnIdlersKgM: (13.2 * scale) / 3,
  };
}

/** The smallest standard motor of at least `kw`, or null above the series. */
export function motorSize(kw: number): number | null {
  return MOTOR_SIZES_KW.find((size) => size >= kw - 1e-9) ?? null;
}

/** The conveyed material's mass per metre of belt, kg/m: q_G = I_m / (3.6·v). */
export function loadPerMetre(massFlowTh: number, speedMs: number): number {
  return massFlowTh / (3.6 * speedMs);
}

export interface DriveInput {
  /** The conveyor's length, m. */
  lengthM: number;
  /** The lift, m (negative downhill). */
  liftM: number;
  /** The inclination, degrees. */
  inclinationDeg: number;
  /** Belt speed, m/s. */
  speedMs: number;
  /** The mass flow carried, t/h. */
  massFlowTh: number;
  /** Coefficient C of the secondary resistances (cResistance by length, unless given). */
  c: number;
  /** The artificial friction coefficient f (0.020 for a well-aligned conveyor). */
  f: number;
  /** The rotating mass of the carrying and the return idlers per metre, kg/m. */
  carryingIdlersKgM: number;
  returnIdlersKgM: number;
  /** The belt's mass per metre, kg/m. */
  beltKgM: number;
  /** Special resistances (skirts, ploughs, cleaners), N. */
  specialN?: number;
  /** The drive's efficiency, motor to drum (0.90 by default). */
  efficiency?: number;
}

export interface Drive {
  /** The load's mass per metre q_G, kg/m. */
  loadKgM: number;
  /** The peripheral force F_U on the drive drum, N. */
  forceN: number;
  /** The power at the drum, kW. */
  drumKw: number;
  /** The power the motor must give (drum power / efficiency), kW. */
  requiredKw: number;
  /** The standard motor that gives it, kW; null above the series. */
  motorKw: number | null;
}

/**
 * F_U = C·f·L·g·[q_RO + q_RU + (2·q_B + q_G)·cos δ] + q_G·H·g + F_S; P = F_U·v at the drum and
 * P / η at the motor. Downhill (H < 0) the lift's term is negative: a regenerating conveyor's
 * force may come out below zero, which the calculator states rather than sizes a motor for.
 */
export function drive(input: DriveInput): Drive {
  const loadKgM = loadPerMetre(input.massFlowTh, input.speedMs);
  const cos = Math.cos((input.inclinationDeg * Math.PI) / 180);
  const main =
    input.c *
    input.f *
    input.lengthM *
    G *
    (input.carryingIdlersKgM + input.returnIdlersKgM + (2 * input.beltKgM + loadKgM) * cos);
  const forceN = main + loadKgM * input.liftM * G + (input.specialN ?? 0);
  const drumKw = (forceN * input.speedMs) / 1000;
  const requiredKw = drumKw / (input.efficiency ?? 0.9);
  return {
    loadKgM,
    forceN,
    drumKw,
    requiredKw,
    motorKw: requiredKw > 0 ? motorSize(requiredKw) : null,
  };
}
