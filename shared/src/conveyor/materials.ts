// The bulk materials the calculator offers, with the figures sizeConveyor needs: bulk density,
// angle of repose, surcharge angle, the largest sensible inclination and belt speed. Every
// figure is either read from a published table (SOURCES, by key) or derived from one by a
// stated rule (surchargeFromRepose, SPEED_BY_CLASS); docs/calculator.md ("Materials") lists
// the tables and the rules.

import type { Language } from '../languages.ts';
import type { BELT_SPEEDS } from './sizing.ts';

/** A published table the figures come from. */
export interface Source {
  title: string;
  publisher: string;
  urls: readonly string[];
  /** What is taken from it, and how it is converted. */
  note: string;
}

export const SOURCES = {
  cema: {
    title:
      'Belt Conveyors for Bulk Materials, 5th ed., Table 3-3 "Material characteristics and weight ' +
      'per cubic foot" (average weight lb/ft³, angle of repose, recommended maximum inclination)',
    publisher:
      'Conveyor Equipment Manufacturers Association (CEMA); as reproduced in P. Kulinowski, ' +
      'P. Kasza, "Belt Conveyors for Bulk Materials – Calculations by CEMA 5th Edition", AGH ' +
      'University of Science and Technology, Kraków (parts 2 and 3)',
    urls: [
      'https://pdfcoffee.com/calculation-cema-5-parte2-pdf-free.html',
      'https://www.scribd.com/doc/296329471/Calculation-CEMA-5-Parte3',
    ],
    note:
      'Densities in lb/ft³ × 0.016018 = t/m³. Where the table gives a range of repose angles ' +
      '(30–44°) or of inclinations, its lower end is taken.',
  },
  'cema-surcharge': {
    title:
      'Belt Conveyors for Bulk Materials, Table 3-1 "Flowability – angle of surcharge – angle of repose"',
    publisher: 'Conveyor Equipment Manufacturers Association (CEMA)',
    urls: ['https://www.scribd.com/doc/293075493/capitulo3-150806011729-lva1-app6891'],
    note:
      'Repose 0–19° → surcharge 5°, 20–29° → 10°, 30–34° → 20°, 35–39° → 25°, 40° and up → 30°: ' +
      'the surcharge of every material here (no table below gives one).',
  },
  'etb-slopes': {
    title: 'Maximum conveyor slopes for various materials (Engineering ToolBox, "Conveyor Slopes")',
    publisher: 'The Engineering ToolBox; as reproduced in the document "Conveyor Calculation"',
    urls: ['https://www.scribd.com/document/459765225/conveyor-calculation'],
    note: 'Maximum slopes, degrees (anthracite 16, whole grain 15).',
  },
  simetric: {
    title: 'Mass, Weight, Density or Specific Gravity of Bulk Materials',
    publisher: 'SImetric (simetric.co.uk)',
    urls: ['http://simetric.co.uk/si_materials.htm'],
    note: 'Bulk densities, kg/m³ ÷ 1000 = t/m³ (grains and cottonseed).',
  },
  'sp-108': {
    title:
      'СП 108.13330.2012 «Предприятия, здания и сооружения по хранению и переработке зерна» ' +
      '(актуализированная редакция СНиП 2.10.05-85), приложение В, таблица В.1',
    publisher: 'Минстрой России (Ministry of Construction of the Russian Federation)',
    urls: ['https://focdoc.ru/article/a-1120-14.html'],
    note:
      'Angle of repose of grain (wheat, rye, barley, oats, maize, groats) 25°; of oilseeds ' +
      '(sunflower) and grass seeds 40°.',
  },
  'ru-bulk': {
    title:
      'Таблица «Характеристика сыпучих грузов» (объёмная плотность, т/м³; угол естественного ' +
      'откоса в покое; максимальный угол наклона конвейера), from a course project on bulk-cargo ' +
      'warehouses (2_Проект_склад_сып_гр.doc)',
    publisher: 'StudFiles (studfiles.net), uploaded 22.08.2019',
    urls: ['https://StudFiles.net/preview/8964671/page:14/'],
    note:
      'A Soviet-handbook table as a course project reproduces it: the weakest source here, used ' +
      'where CEMA’s rows could not be read. Its cement, grain and sand rows agree with CEMA, ' +
      'SP 108 and the Engineering ToolBox. Where it gives a range of repose angles, its lower end.',
  },
} as const satisfies Record<string, Source>;

export type SourceKey = keyof typeof SOURCES;

/** CEMA Table 3-1: the surcharge angle on a moving belt for a material's angle of repose. */
export function surchargeFromRepose(reposeDeg: number): number {
  if (reposeDeg < 20) return 5;
  if (reposeDeg < 30) return 10;
  if (reposeDeg < 35) return 20;
  if (reposeDeg < 40) return 25;
  return 30;
}

/**
 * The rule the materials' largest belt speeds follow (no table of speeds by material could be
 * read; docs/calculator.md): the standard speed series within the common range of 1.5–3.5 m/s
 * for bulk belts (the "standard applications" of the classification of belt speeds the docs
 * cite), the top of it for free-flowing grain, lower for lumpy abrasive materials, lowest for
 * what dusts or blows off the belt.
 */
export const SPEED_BY_CLASS = {
  /** Free-flowing, non-abrasive grain and seeds. */
  grain: 3.15,
  /** Coals, clay, salts: non- or mildly abrasive, small lumps. */
  bulk: 2.5,
  /** Ores, stone, gravel, sand, slag: abrasive, lumpy or sharp. */
  abrasive: 2,
  /** Fine powders that dust (cement, fly ash) and light material the air lifts. */
  dusty: 1.6,
} as const satisfies Record<string, (typeof BELT_SPEEDS)[number]>;

export type SpeedClass = keyof typeof SPEED_BY_CLASS;

/** A bulk material and the figures the calculator takes from it. */
export interface Material {
  /** A stable slug, lowercase ASCII: the page's address. */
  code: string;
  name: Readonly<Record<Language, string>>;
  /** Bulk (loose) density, t/m³: [min, max]. */
  density: readonly [number, number];
  /** Angle of repose, degrees. */
  repose: number;
  /** Angle of surcharge on a moving belt, degrees (CEMA Table 3-1 from the repose). */
  surcharge: number;
  /** Recommended largest inclination of the conveyor, degrees. */
  maxIncline: number;
  /** The largest sensible belt speed, m/s (SPEED_BY_CLASS). */
  maxSpeed: number;
  speedClass: SpeedClass;
  /** The table the row is read from. */
  source: SourceKey;
  /** Figures read from another table than `source`. */
  from?: Partial<Record<'density' | 'repose' | 'maxIncline', SourceKey>>;
  /** What the tables call the material, and any choice made in reading them. */
  note: string;
}

type Row = Omit<Material, 'surcharge' | 'maxSpeed'>;

/** lb/ft³ to t/m³, to three places. */
const lb = (min: number, max: number = min): readonly [number, number] => [
  Math.round(min * 16.018) / 1000,
  Math.round(max * 16.018) / 1000,
];

/** The derived figures: the surcharge by CEMA Table 3-1, the speed by its class. */
const material = (row: Row): Material => ({
  ...row,
  surcharge: surchargeFromRepose(row.repose),
  maxSpeed: SPEED_BY_CLASS[row.speedClass],
});

export const MATERIALS: readonly Material[] = [
  // Coals
  material({
    code: 'coal-bituminous',
    name: { uz: 'Toshkoʻmir', ru: 'Уголь каменный', en: 'Bituminous coal' },
    density: [0.8, 0.9],
    repose: 35,
    maxIncline: 17,
    speedClass: 'bulk',
    source: 'ru-bulk',
    note: '«Уголь каменный»: 0.80–0.90 t/m³, 35°, 17°.',
  }),
  material({
    code: 'coal-lignite',
    name: { uz: 'Qoʻngʻir koʻmir', ru: 'Уголь бурый', en: 'Lignite (brown coal)' },
    density: lb(40, 45),
    repose: 38,
    maxIncline: 22,
    speedClass: 'bulk',
    source: 'cema',
    note: '"Coal, lignite": 40–45 lb/ft³, 38°, 22°.',
  }),
  material({
    code: 'anthracite',
    name: { uz: 'Antratsit', ru: 'Антрацит', en: 'Anthracite (sized)' },
    density: lb(55, 60),
    repose: 27,
    maxIncline: 16,
    speedClass: 'bulk',
    source: 'cema',
    from: { maxIncline: 'etb-slopes' },
    note: '"Coal, anthracite, sized": 55–60 lb/ft³, 27° (CEMA); "Anthracite coal" 16° (ToolBox).',
  }),
  // Building materials
  material({
    code: 'sand',
    name: { uz: 'Qum', ru: 'Песок', en: 'Sand (natural)' },
    density: [1.4, 1.6],
    repose: 40,
    maxIncline: 20,
    speedClass: 'abrasive',
    source: 'ru-bulk',
    note: '«Песок»: 1.40–1.60 t/m³, 40°, 20° (the ToolBox gives 20° for moist sand, 16° for dry).',
  }),
  material({
    code: 'gravel',
    name: { uz: 'Shagʻal', ru: 'Гравий', en: 'Gravel (dry)' },
    density: lb(90, 100),
    repose: 30,
    maxIncline: 15,
    speedClass: 'abrasive',
    source: 'cema',
    note: '"Gravel, dry, sharp": 90–100 lb/ft³, 30–44° (30° taken), 15–17° (15° taken).',
  }),
  material({
    code: 'crushed-stone',
    name: { uz: 'Chaqiqtosh', ru: 'Щебень', en: 'Crushed stone' },
    density: [1.4, 1.6],
    repose: 45,
    maxIncline: 18,
    speedClass: 'abrasive',
    source: 'ru-bulk',
    note: '«Щебень»: 1.40–1.60 t/m³, 45°, 18°.',
  }),
  material({
    code: 'limestone',
    name: { uz: 'Ohaktosh', ru: 'Известняк', en: 'Limestone (crushed)' },
    density: [1.2, 1.6],
    repose: 45,
    maxIncline: 22,
    speedClass: 'abrasive',
    source: 'ru-bulk',
    note: '«Известковый камень»: 1.20–1.60 t/m³, 45°, 22°.',
  }),
  material({
    code: 'dolomite',
    name: { uz: 'Dolomit', ru: 'Доломит', en: 'Dolomite (lumpy)' },
    density: lb(80, 100),
    repose: 30,
    maxIncline: 22,
    speedClass: 'abrasive',
    source: 'cema',
    note: '"Dolomite, lumpy": 80–100 lb/ft³, 30–44° (30° taken), 22°.',
  }),
  material({
    code: 'cement',
    name: { uz: 'Portlandsement', ru: 'Портландцемент', en: 'Portland cement' },
    density: lb(72, 99),
    repose: 30,
    maxIncline: 20,
    speedClass: 'dusty',
    source: 'cema',
    note: '"Cement, Portland": 72–99 lb/ft³, 30–44° (30° taken), 20–23° (20° taken).',
  }),
  material({
    code: 'clay-dry',
    name: { uz: 'Quruq loy', ru: 'Глина сухая', en: 'Clay (dry)' },
    density: [0.7, 1.5],
    repose: 50,
    maxIncline: 22,
    speedClass: 'bulk',
    source: 'ru-bulk',
    note: '«Глина сухая»: 0.70–1.50 t/m³, 50°, 22°.',
  }),
  material({
    code: 'fly-ash',
    name: { uz: 'Uchuvchi kul', ru: 'Зола-унос', en: 'Fly ash' },
    density: lb(40, 45),
    repose: 42,
    maxIncline: 20,
    speedClass: 'dusty',
    source: 'cema',
    note: '"Ashes, fly": 40–45 lb/ft³, 42°, 20–25° (20° taken).',
  }),
  material({
    code: 'slag',
    name: { uz: 'Shlak', ru: 'Шлак', en: 'Slag' },
    density: [0.6, 0.9],
    repose: 45,
    maxIncline: 18,
    speedClass: 'abrasive',
    source: 'ru-bulk',
    note: '«Шлак»: 0.60–0.90 t/m³, 45°, 18° (boiler or granulated slag, by the density).',
  }),
  // Ores
  material({
    code: 'copper-ore',
    name: { uz: 'Mis rudasi', ru: 'Медная руда', en: 'Copper ore' },
    density: lb(120, 150),
    repose: 30,
    maxIncline: 20,
    speedClass: 'abrasive',
    source: 'cema',
    note: '"Copper ore": 120–150 lb/ft³, 30–44° (30° taken), 20°.',
  }),
  material({
    code: 'iron-ore',
    name: { uz: 'Temir rudasi', ru: 'Железная руда', en: 'Iron ore' },
    density: [1.7, 3],
    repose: 40,
    maxIncline: 20,
    speedClass: 'abrasive',
    source: 'ru-bulk',
    note: 'The table’s ore row, «Руда»: 1.70–3.00 t/m³, 40–45° (40° taken), 20°.',
  }),
  // Fertilisers and salts
  material({
    code: 'potash',
    name: { uz: 'Kaliy tuzi', ru: 'Калийная соль', en: 'Potash (potassium salt)' },
    density: [1, 1.2],
    repose: 40,
    maxIncline: 20,
    speedClass: 'bulk',
    source: 'ru-bulk',
    note: '«Калийная соль»: 1.00–1.20 t/m³, 40°, 20°.',
  }),
  material({
    code: 'superphosphate',
    name: {
      uz: 'Superfosfat (donadorlanmagan)',
      ru: 'Суперфосфат (негранулированный)',
      en: 'Superphosphate (non-granulated)',
    },
    density: [1, 1.2],
    repose: 40,
    maxIncline: 18,
    speedClass: 'dusty',
    source: 'ru-bulk',
    note: '«Суперфосфат негранулированный»: 1.00–1.20 t/m³, 40°, 18°.',
  }),
  // Agriculture
  material({
    code: 'wheat',
    name: { uz: 'Bugʻdoy', ru: 'Пшеница', en: 'Wheat' },
    density: [0.78, 0.8],
    repose: 25,
    maxIncline: 15,
    speedClass: 'grain',
    source: 'sp-108',
    from: { density: 'simetric', maxIncline: 'etb-slopes' },
    note: 'Grain 25° (SP 108); "Grain, wheat" 780–800 kg/m³ (SImetric); "Whole grain" 15° (ToolBox).',
  }),
  material({
    code: 'maize',
    name: { uz: 'Makkajoʻxori (don)', ru: 'Кукуруза (зерно)', en: 'Maize (shelled)' },
    density: [0.721, 0.76],
    repose: 25,
    maxIncline: 15,
    speedClass: 'grain',
    source: 'sp-108',
    from: { density: 'simetric', maxIncline: 'etb-slopes' },
    note:
      'Grain 25° (SP 108); "Corn, shelled" 721 and "Grain, maize" 760 kg/m³ (SImetric); "Whole ' +
      'grain" 15° (ToolBox).',
  }),
  material({
    code: 'rice',
    name: { uz: 'Sholi va guruch', ru: 'Рис (сырец и шелушёный)', en: 'Rice (paddy or hulled)' },
    density: [0.577, 0.753],
    repose: 25,
    maxIncline: 15,
    speedClass: 'grain',
    source: 'sp-108',
    from: { density: 'simetric', maxIncline: 'etb-slopes' },
    note:
      'Grain 25° (SP 108); "Rice, rough" 577 and "Rice, hulled" 753 kg/m³ (SImetric); "Whole ' +
      'grain" 15° (ToolBox).',
  }),
  material({
    code: 'barley',
    name: { uz: 'Arpa', ru: 'Ячмень', en: 'Barley' },
    density: [0.609, 0.609],
    repose: 25,
    maxIncline: 15,
    speedClass: 'grain',
    source: 'sp-108',
    from: { density: 'simetric', maxIncline: 'etb-slopes' },
    note: 'Grain 25° (SP 108); "Barley" 609 kg/m³ (SImetric); "Whole grain" 15° (ToolBox).',
  }),
  material({
    code: 'cottonseed',
    name: { uz: 'Paxta chigiti', ru: 'Семена хлопчатника', en: 'Cottonseed' },
    density: [0.32, 0.561],
    repose: 40,
    maxIncline: 15,
    speedClass: 'dusty',
    source: 'sp-108',
    from: { density: 'simetric', maxIncline: 'etb-slopes' },
    note:
      '"Cottonseed, dry, not de-linted" 320 and "de-linted" 561 kg/m³ (SImetric). No table read ' +
      'gives cottonseed’s repose or inclination: SP 108’s 40° for oilseeds and grass seeds and ' +
      'the ToolBox’s 15° for whole grain, the nearest classes, are taken.',
  }),
  material({
    code: 'sawdust',
    name: { uz: 'Yogʻoch qipigʻi', ru: 'Опилки древесные', en: 'Sawdust' },
    density: [0.2, 0.4],
    repose: 39,
    maxIncline: 22,
    speedClass: 'dusty',
    source: 'ru-bulk',
    note: '«Опилки древесные»: 0.20–0.40 t/m³, 39°, 22°.',
  }),
];

const BY_CODE = new Map(MATERIALS.map((m) => [m.code, m]));

/** The material of a page's address, or undefined. */
export function materialByCode(code: string): Material | undefined {
  return BY_CODE.get(code);
}

/** A material's mean bulk density, t/m³: what the calculator sizes with by default. */
export function meanDensity(m: Material): number {
  return (m.density[0] + m.density[1]) / 2;
}
