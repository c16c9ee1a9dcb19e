import { describe, expect, it } from 'vitest';
import {
  BELT_WIDTHS,
  type BeltWidth,
  crossSection,
  flows,
  inclination,
  inclinationFactor,
  usableWidth,
} from '../src/conveyor/capacity.ts';
import {
  cResistance,
  drive,
  loadPerMetre,
  motorSize,
  movingMasses,
} from '../src/conveyor/power.ts';
import { BELT_SPEEDS, sizeConveyor } from '../src/conveyor/sizing.ts';

describe('capacity (ISO 5048)', () => {
  it('takes the usable width as ISO 5048 does, below and above 2 m', () => {
    expect(usableWidth(1)).toBeCloseTo(0.85, 10);
    expect(usableWidth(2)).toBeCloseTo(1.75, 10);
    expect(usableWidth(2.4)).toBeCloseTo(2.15, 10);
  });

  it('a flat belt carries only the surcharge; a trough adds its own section', () => {
    const flat = crossSection(800, 1, 0, 20);
    expect(flat.lower).toBe(0);
    // b = 0.67 m: b²·tan θ / 6
    expect(flat.total).toBeCloseTo((0.67 ** 2 * Math.tan((20 * Math.PI) / 180)) / 6, 10);
    const troughed = crossSection(800, 3, 30, 20);
    expect(troughed.lower).toBeGreaterThan(0);
    expect(troughed.total).toBeGreaterThan(flat.total);
  });

  it('grows with the width, the trough angle and the speed, and falls with the inclination', () => {
    for (const [smaller, larger] of BELT_WIDTHS.slice(1).map((w, i) => [BELT_WIDTHS[i]!, w])) {
      expect(crossSection(larger!, 3, 30, 20).total).toBeGreaterThan(
        crossSection(smaller!, 3, 30, 20).total,
      );
    }
    for (const [a, b] of [
      [20, 25],
      [25, 30],
      [30, 35],
      [35, 40],
      [40, 45],
    ] as const) {
      expect(crossSection(1000, 3, b, 20).total).toBeGreaterThan(
        crossSection(1000, 3, a, 20).total,
      );
    }
    const section = crossSection(1000, 3, 35, 20);
    expect(flows(section.total, 1, 2, 1.6).mass).toBeGreaterThan(
      flows(section.total, 1, 1.6, 1.6).mass,
    );
    let previous = 1;
    for (const degrees of [0, 4, 8, 12, 16, 19]) {
      const k = inclinationFactor(section, degrees, 20)!;
      expect(k).toBeLessThanOrEqual(previous);
      previous = k;
    }
    expect(previous).toBeGreaterThan(0);
  });

  it('refuses an inclination steeper than the surcharge: the method does not apply', () => {
    const section = crossSection(1000, 3, 35, 20);
    expect(inclinationFactor(section, 21, 20)).toBeNull();
    expect(inclinationFactor(section, 20, 20)).toBeCloseTo(1 - section.upper / section.total, 10);
  });

  it('finds the inclination from the length and the lift', () => {
    expect(inclination(60, 8)).toBeCloseTo((Math.asin(8 / 60) * 180) / Math.PI, 10);
    expect(inclination(60, -8)).toBeLessThan(0);
  });
});

describe('drive (ISO 5048)', () => {
  const base = {
    lengthM: 100,
    liftM: 10,
    inclinationDeg: inclination(100, 10),
    speedMs: 2,
    massFlowTh: 300,
    c: 1.78,
    f: 0.02,
    carryingIdlersKgM: 15,
    returnIdlersKgM: 5,
    beltKgM: 15,
  };

  it('grows with the length, the lift and the capacity', () => {
    const power = (change: Partial<typeof base>) => drive({ ...base, ...change }).drumKw;
    expect(power({ lengthM: 200 })).toBeGreaterThan(power({}));
    expect(power({ liftM: 20 })).toBeGreaterThan(power({}));
    expect(power({ massFlowTh: 600 })).toBeGreaterThan(power({}));
  });

  it('rounds the motor up to IEC’s standard sizes', () => {
    expect(motorSize(7.5)).toBe(7.5);
    expect(motorSize(7.6)).toBe(11);
    expect(motorSize(100)).toBe(110);
    expect(motorSize(10_000)).toBeNull();
  });
});

// Published worked examples, each within ±1 %.
describe('worked examples', () => {
  const within1 = (value: number, published: number) =>
    expect(Math.abs(value / published - 1)).toBeLessThanOrEqual(0.01);

  // S. McCormack, "conveyance" (github.com/ScottMcCormack/conveyance, tests/flat_conveyor.yaml
  // and notebooks/01-flat-conveyor.ipynb; after ISO 5048-1989 and DIN 22101-1982): coal
  // (θ 20°, 0.85 t/m³) on a 1200 mm belt, three rolls at 45° with a 0.436 m middle roll, 4.8 m/s,
  // 2,300 t/h, 143 m level; belt 16.44 kg/m, carrying sets 15.5 kg every 1.2 m, return 13.2 kg
  // every 3 m, f 0.02. Published: S1 0.0445, S2 0.1357, S 0.180 m²; 0.865 m³/s; q_G 133.1
  // kg/m; F_H 5,142.73 N; with its secondary resistances F_N 6,177.05 N and special ones
  // F_S 1,912.54 N, F_U 13,232.32 N and 68.93 kW at the motor (η 0.95 · 0.97).
  it('McCormack’s coal conveyor: cross-section, flow, main resistance and motor power', () => {
    const section = crossSection(1200, 3, 45, 20, 0.436);
    within1(section.upper, 0.0445);
    within1(section.lower, 0.1357);
    within1(section.total, 0.18);
    within1(flows(section.total, 1, 4.8, 0.85).volume, 0.865);
    const level = {
      lengthM: 143,
      liftM: 0,
      inclinationDeg: 0,
      speedMs: 4.8,
      massFlowTh: 2300,
      f: 0.02,
      carryingIdlersKgM: 15.5 / 1.2,
      returnIdlersKgM: 13.2 / 3,
      beltKgM: 16.44,
    };
    // C = 1: the main resistance alone
    const main = drive({ ...level, c: 1 });
    within1(main.loadKgM, 133.1);
    within1(main.forceN, 5142.73);
    // its secondary resistances as C = (F_H + F_N) / F_H, and its special ones
    const whole = drive({
      ...level,
      c: (5142.73 + 6177.05) / 5142.73,
      specialN: 1912.54,
      efficiency: 0.95 * 0.97,
    });
    within1(whole.forceN, 13232.32);
    within1(whole.requiredKw, 68.93);
    expect(whole.motorKw).toBe(75);
    // the masses per metre the calculator assumes for a 1200 mm belt are this example's
    const masses = movingMasses(1200);
    within1(masses.beltKgM, 16.44);
    within1(masses.carryingIdlersKgM, 12.92);
    within1(masses.returnIdlersKgM, 4.4);
  });

  // "Conveyor design by IS 11592:2000" (IS 11592 follows ISO 5048), the spreadsheet
  // "Conveyor Design-Draft.xls" (pdfslide.us/documents/conveyor-design-draftxls.html): bottom
  // ash, 960 t/h, 1200 mm belt at 20°, surcharge 25°, inclined 14°. Published: slope factor
  // K 0.91 (IS 11592 table 9); at 2.84 m/s the load is 93.912 kg/m.
  it('IS 11592’s bottom-ash conveyor: the inclination factor and the load per metre', () => {
    const section = crossSection(1200, 3, 20, 25);
    within1(inclinationFactor(section, 14, 25)!, 0.91);
    within1(loadPerMetre(960, 2.84), 93.912);
  });

  // UNPAS (Jurusan Teknik Mesin), "Conveyor Calculations Sheet, Trough Belt Conveyor (3
  // rollers)" (scribd.com/document/629301128): a 1200 mm belt, middle roll 465 mm, usable
  // width 1030 mm, three rolls at 35°; 1,000 t/h lifted 17.9 m at 1.68 m/s. Published: the
  // trough's section A2 0.1128 m², the lift's power 48.77 kW (H·Q/367).
  it('UNPAS’s trough conveyor: usable width, the trough’s section and the lift’s power', () => {
    within1(usableWidth(1.2), 1.03);
    within1(crossSection(1200, 3, 35, 15).lower, 0.1128);
    const lift = drive({
      lengthM: 258,
      liftM: 17.9,
      inclinationDeg: inclination(258, 17.9),
      speedMs: 1.68,
      massFlowTh: 1000,
      c: 1,
      f: 0,
      carryingIdlersKgM: 0,
      returnIdlersKgM: 0,
      beltKgM: 0,
    });
    within1(lift.drumKw, 48.77);
  });
});

describe('coefficient C', () => {
  it('is the table’s value at its lengths, interpolated between, and falls with the length', () => {
    expect(cResistance(80)).toBe(1.92);
    expect(cResistance(1000)).toBe(1.09);
    expect(cResistance(90)).toBe(1.86);
    expect(cResistance(85)).toBeCloseTo(1.89, 10);
    expect(cResistance(1)).toBe(9);
    expect(cResistance(10_000)).toBe(1.03);
    for (let length = 3; length < 5000; length *= 1.3) {
      expect(cResistance(length * 1.3)).toBeLessThanOrEqual(cResistance(length));
    }
  });
});

describe('sizing a conveyor for a duty', () => {
  // the duty buyers arrive with: 300 t/h of gravel (1.7 t/m³, surcharge 20°), 60 m, 8 m up
  const gravel = { density: 1.7, surcharge: 20, capacity: 300, length: 60, lift: 8 };

  it('picks the smallest width, then the lowest speed, that carries the flow', () => {
    const sized = sizeConveyor(gravel);
    if (!sized.ok) throw new Error(JSON.stringify(sized));
    expect(sized.capacity).toBeGreaterThanOrEqual(300);
    expect(sized.utilisation).toBeCloseTo((300 / sized.capacity) * 100, 10);
    const carries = (width: BeltWidth, speed: number) => {
      const section = crossSection(width, 3, 35, 20);
      const k = inclinationFactor(section, inclination(60, 8), 20)!;
      return flows(section.total, k, speed, 1.7).mass;
    };
    // a narrower belt does not carry it at the material's largest speed, nor this one slower
    const narrower = BELT_WIDTHS[BELT_WIDTHS.indexOf(sized.width) - 1];
    if (narrower) expect(carries(narrower, 3.15)).toBeLessThan(300);
    const slower = BELT_SPEEDS[BELT_SPEEDS.indexOf(sized.speed as never) - 1];
    if (slower) expect(carries(sized.width, slower)).toBeLessThan(300);
    // the drive as the ISO 5048 functions give it for that belt, with the stated assumptions
    const again = drive({
      lengthM: 60,
      liftM: 8,
      inclinationDeg: inclination(60, 8),
      speedMs: sized.speed,
      massFlowTh: 300,
      ...sized.assumed,
    });
    expect(sized.power).toBeCloseTo(again.drumKw, 10);
    expect(sized.assumed.c).toBeCloseTo(cResistance(60), 10);
    expect(sized.motor).toBe(motorSize(again.requiredKw));
    expect(sized.motor!).toBeGreaterThanOrEqual(sized.required);
  });

  it('takes the width, speed and assumptions the buyer gives', () => {
    const sized = sizeConveyor({ ...gravel, width: 1000, speed: 2.5, f: 0.025, efficiency: 0.85 });
    if (!sized.ok) throw new Error(JSON.stringify(sized));
    expect([sized.width, sized.speed, sized.assumed.f, sized.assumed.efficiency]).toEqual([
      1000, 2.5, 0.025, 0.85,
    ]);
    // a fuller design margin needs at least as wide a belt
    const margin = sizeConveyor({ ...gravel, fill: 0.7 });
    const plain = sizeConveyor(gravel);
    if (!margin.ok || !plain.ok) throw new Error('not sized');
    expect(margin.capacity * 0.7).toBeGreaterThanOrEqual(300);
    expect(margin.width * 10 + margin.speed).toBeGreaterThan(plain.width * 10 + plain.speed);
  });

  it('says why, never a number, when the method does not apply', () => {
    expect(sizeConveyor({ ...gravel, lift: 25 })).toMatchObject({
      ok: false,
      problem: 'tooSteep',
      limit: 20,
    });
    // within the method, but steeper than the material is carried
    expect(sizeConveyor({ ...gravel, lift: 15, maxIncline: 12 })).toMatchObject({
      ok: false,
      problem: 'tooSteep',
      limit: 12,
    });
    expect(sizeConveyor({ ...gravel, maxIncline: 12 }).ok).toBe(true);
    expect(sizeConveyor({ ...gravel, capacity: 100_000 })).toMatchObject({
      ok: false,
      problem: 'tooMuch',
    });
    expect(sizeConveyor({ ...gravel, width: 400 })).toMatchObject({ problem: 'tooMuch' });
    for (const [change, field] of [
      [{ length: -5 }, 'length'],
      [{ lift: 60 }, 'lift'],
      [{ density: 0 }, 'density'],
      [{ capacity: Number.NaN }, 'capacity'],
      [{ fill: 1.5 }, 'fill'],
      [{ width: 900 }, 'width'],
      [{ surcharge: 95 }, 'surcharge'],
    ] as const) {
      expect(sizeConveyor({ ...gravel, ...change } as never)).toEqual({
        ok: false,
        problem: 'invalid',
        field,
      });
    }
  });

  it('downhill, the lift gives power back: the force falls below the level conveyor’s', () => {
    const level = sizeConveyor({ ...gravel, lift: 0 });
    const down = sizeConveyor({ ...gravel, lift: -8 });
    if (!level.ok || !down.ok) throw new Error('not sized');
    expect(down.force).toBeLessThan(level.force);
  });
});
