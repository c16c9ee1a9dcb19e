// The capacity of a troughed belt conveyor by ISO 5048 (the method DIN 22101 also gives): the
// load's cross-section on the belt, reduced for inclination, times the belt speed. Lengths in
// metres, angles in degrees, densities in t/m³, flows in m³/s and t/h. docs/calculator.md gives
// the method, its sources and its limits.

/** Standard belt widths (ISO 251), mm. */
export const BELT_WIDTHS = [400, 500, 650, 800, 1000, 1200, 1400, 1600, 1800, 2000] as const;
export type BeltWidth = (typeof BELT_WIDTHS)[number];

/**
 * The middle roll's length of a three-roll idler set for each standard width (ISO 1537's
 * three equal rolls, as DIN 15207 lists them), mm.
 */
export const MIDDLE_ROLL_MM: Readonly<Record<BeltWidth, number>> = {
  400: 160,
  500: 200,
  650: 250,
  800: 315,
  1000: 380,
  1200: 465,
  1400: 530,
  1600: 600,
  1800: 670,
  2000: 750,
};

/** The trough angles idler sets are made with, degrees (0: a flat belt). */
export const TROUGH_ANGLES = [0, 20, 25, 30, 35, 40, 45] as const;

/** Rolls of the carrying idler set: 1 a flat belt, 2 a V trough, 3 the usual trough. */
export type Rolls = 1 | 2 | 3;

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** The width the load may take, m: ISO 5048's b = 0.9·B − 0.05 up to 2 m, b = B − 0.25 above. */
export function usableWidth(beltWidthM: number): number {
  return beltWidthM <= 2 ? 0.9 * beltWidthM - 0.05 : beltWidthM - 0.25;
}

/** The load's cross-section on a level belt, m²: above the trough's edges, within it, in all. */
export interface CrossSection {
  /** S1: the surcharge above the line across the side rolls' top edges. */
  upper: number;
  /** S2: the trough below it. */
  lower: number;
  total: number;
}

/**
 * ISO 5048's theoretical cross-section of a belt of width `widthMm` on `rolls` rolls troughed
 * at `troughDeg`, carrying a material whose surcharge angle is `surchargeDeg`:
 * S1 = [l3 + (b − l3)·cos λ]²·tan θ / 6 and S2 = [l3 + (b − l3)/2·cos λ]·[(b − l3)/2·sin λ],
 * where l3 is the middle roll's length (b for a flat belt, 0 for a V trough).
 */
export function crossSection(
  widthMm: BeltWidth,
  rolls: Rolls,
  troughDeg: number,
  surchargeDeg: number,
  /** A three-roll set's middle roll, m, where it is not the standard one. */
  middleRollM: number = MIDDLE_ROLL_MM[widthMm] / 1000,
): CrossSection {
  const b = usableWidth(widthMm / 1000);
  const middle = rolls === 1 ? b : rolls === 2 ? 0 : Math.min(middleRollM, b);
  const lambda = rolls === 1 ? 0 : rad(troughDeg);
  const side = b - middle;
  const upper = (middle + side * Math.cos(lambda)) ** 2 * (Math.tan(rad(surchargeDeg)) / 6);
  const lower = (middle + (side / 2) * Math.cos(lambda)) * ((side / 2) * Math.sin(lambda));
  return { upper, lower, total: upper + lower };
}

/**
 * ISO 5048's reduction for an inclined conveyor: k = 1 − (S1/S)·(1 − k1), with
 * k1 = √((cos²δ − cos²θ)/(1 − cos²θ)): the surcharge flattens as the belt climbs. Defined up to
 * δ = θ (k1 = 0); steeper, the material slides back and the method does not apply (null).
 */
export function inclinationFactor(
  section: CrossSection,
  inclinationDeg: number,
  surchargeDeg: number,
): number | null {
  const delta = Math.abs(inclinationDeg);
  if (delta === 0) return 1;
  const cosDelta = Math.cos(rad(delta)) ** 2;
  const cosTheta = Math.cos(rad(surchargeDeg)) ** 2;
  if (surchargeDeg <= 0 || cosDelta < cosTheta) return null;
  const k1 = Math.sqrt((cosDelta - cosTheta) / (1 - cosTheta));
  return 1 - (section.upper / section.total) * (1 - k1);
}

/** The conveyor's inclination from its length along the belt and its lift, degrees. */
export function inclination(lengthM: number, liftM: number): number {
  return (Math.asin(Math.max(-1, Math.min(1, liftM / lengthM))) * 180) / Math.PI;
}

/** Volume flow I_V = S·k·v·φ (m³/s) and mass flow I_m = 3600·I_V·ρ (t/h). */
export function flows(
  sectionM2: number,
  k: number,
  speedMs: number,
  densityTm3: number,
  fill = 1,
): { volume: number; mass: number } {
  const volume = sectionM2 * k * speedMs * fill;
  return { volume, mass: 3600 * volume * densityTm3 };
}
