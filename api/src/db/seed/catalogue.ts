// Demo catalogue of a conveyor-equipment maker, in Russian, Uzbek and English. The products are
// written out one by one; their specification line is generated from the figures so that the
// three languages always agree.

export interface Text3 {
  ru: string;
  uz: string;
  en: string;
}

export interface SeedProduct {
  name: Text3;
  lead: Text3;
  /** Figures for the specification line; every key is optional. */
  specs: Partial<Record<SpecKey, string>>;
}

export interface SeedCategory {
  key: string;
  name: Text3;
  description: Text3;
  /** A closing sentence added to every product of the category. */
  closing: Text3;
  /** Hue of the generated pictures. */
  hue: number;
  products: SeedProduct[];
}

export type SpecKey =
  'width' | 'length' | 'height' | 'capacity' | 'speed' | 'load' | 'torque' | 'power';

export const SPEC_LABELS: Record<SpecKey, Text3> = {
  width: { ru: 'Ширина', uz: 'Kengligi', en: 'Width' },
  length: { ru: 'Длина', uz: 'Uzunligi', en: 'Length' },
  height: { ru: 'Высота подъёма', uz: 'Koʻtarish balandligi', en: 'Lift height' },
  capacity: { ru: 'Производительность', uz: 'Unumdorligi', en: 'Capacity' },
  speed: { ru: 'Скорость', uz: 'Tezligi', en: 'Speed' },
  load: { ru: 'Нагрузка', uz: 'Yuklama', en: 'Load' },
  torque: { ru: 'Крутящий момент', uz: 'Aylantiruvchi moment', en: 'Torque' },
  power: { ru: 'Мощность привода', uz: 'Yuritma quvvati', en: 'Drive power' },
};

const t = (ru: string, uz: string, en: string): Text3 => ({ ru, uz, en });

export interface SeedAttribute {
  code: string;
  type: 'number' | 'range' | 'enum' | 'boolean' | 'text';
  /** A UN/CEFACT common code (Rec 20, as listed in shared/src/units.ts); null for none. */
  unit: string | null;
  name: Text3;
  unitLabel?: Text3;
  group: Text3;
  decimals?: number;
  filterable?: boolean;
  quote?: boolean;
  options?: { code: string; name: Text3 }[];
}

const DIMENSIONS = t('Размеры', 'Oʻlchamlar', 'Dimensions');
const PERFORMANCE = t('Производительность', 'Unumdorlik', 'Performance');
const DESIGN = t('Исполнение', 'Tuzilishi', 'Design');
const mm = t('мм', 'mm', 'mm');
const m = t('м', 'm', 'm');

/** The specifications' dictionary of the demo catalogue. */
export const ATTRIBUTES: SeedAttribute[] = [
  {
    code: 'belt_width',
    type: 'number',
    unit: 'MMT',
    name: SPEC_LABELS.width,
    unitLabel: mm,
    group: DIMENSIONS,
    filterable: true,
    quote: true,
  },
  {
    code: 'length',
    type: 'range',
    unit: 'MTR',
    name: SPEC_LABELS.length,
    unitLabel: m,
    group: DIMENSIONS,
    decimals: 1,
    filterable: true,
    quote: true,
  },
  {
    code: 'lift_height',
    type: 'range',
    unit: 'MTR',
    name: SPEC_LABELS.height,
    unitLabel: m,
    group: DIMENSIONS,
    decimals: 1,
  },
  {
    code: 'capacity',
    type: 'number',
    unit: 'E18',
    name: SPEC_LABELS.capacity,
    unitLabel: t('т/ч', 't/soat', 't/h'),
    group: PERFORMANCE,
    filterable: true,
  },
  {
    code: 'speed',
    type: 'range',
    unit: 'MTS',
    name: SPEC_LABELS.speed,
    unitLabel: t('м/с', 'm/s', 'm/s'),
    group: PERFORMANCE,
    decimals: 2,
  },
  {
    code: 'load',
    type: 'number',
    unit: 'KL',
    name: SPEC_LABELS.load,
    unitLabel: t('кг/м', 'kg/m', 'kg/m'),
    group: PERFORMANCE,
    filterable: true,
    quote: true,
  },
  {
    code: 'motor_power',
    type: 'range',
    unit: 'KWT',
    name: SPEC_LABELS.power,
    unitLabel: t('кВт', 'kVt', 'kW'),
    group: PERFORMANCE,
    decimals: 2,
    filterable: true,
  },
  {
    code: 'frame_material',
    type: 'enum',
    unit: null,
    name: t('Материал рамы', 'Rama materiali', 'Frame material'),
    group: DESIGN,
    filterable: true,
    quote: true,
    options: [
      { code: 'steel', name: t('Окрашенная сталь', 'Boʻyalgan poʻlat', 'Painted steel') },
      { code: 'stainless', name: t('Нержавеющая сталь', 'Zanglamas poʻlat', 'Stainless steel') },
      { code: 'aluminium', name: t('Алюминий', 'Alyuminiy', 'Aluminium') },
    ],
  },
  {
    code: 'reversible',
    type: 'boolean',
    unit: null,
    name: t('Реверс', 'Revers', 'Reversible'),
    group: DESIGN,
    filterable: true,
  },
];

export const CATEGORIES: SeedCategory[] = [
  {
    key: 'belt',
    hue: 210,
    name: t('Ленточные конвейеры', 'Lentali konveyerlar', 'Belt conveyors'),
    description: t(
      'Горизонтальные, наклонные и передвижные ленточные конвейеры для штучных и сыпучих грузов. Рама из оцинкованной или нержавеющей стали, лента под ваш продукт.',
      'Dona va sochiluvchan yuklar uchun gorizontal, qiya va koʻchma lentali konveyerlar. Rama ruxlangan yoki zanglamaydigan poʻlatdan, lenta mahsulotingizga mos tanlanadi.',
      'Horizontal, inclined and mobile belt conveyors for unit loads and bulk materials. Frames in galvanised or stainless steel, with a belt chosen for your product.',
    ),
    closing: t(
      'Изготавливаем по вашим размерам за 5–15 рабочих дней, гарантия 2 года.',
      'Sizning oʻlchamlaringiz boʻyicha 5–15 ish kunida tayyorlaymiz, kafolat 2 yil.',
      'Built to your dimensions in 5–15 working days, with a 2-year warranty.',
    ),
    products: [
      {
        name: t('Ленточный конвейер ЛК-400', 'LK-400 lentali konveyeri', 'LK-400 belt conveyor'),
        lead: t(
          'Базовая модель для передачи коробок и мешков между участками склада или цеха.',
          'Ombor yoki sex boʻlimlari orasida qutilar va qoplarni uzatish uchun asosiy model.',
          'The basic model for moving cartons and sacks between areas of a warehouse or workshop.',
        ),
        specs: { width: '400 mm', length: '2–30 m', load: '50 kg/m', speed: '0.1–0.5 m/s' },
      },
      {
        name: t(
          'Наклонный ленточный конвейер ЛКН-500',
          'LKN-500 qiya lentali konveyeri',
          'LKN-500 inclined belt conveyor',
        ),
        lead: t(
          'Поднимает груз на второй ярус или в бункер под углом до 30° благодаря ленте с поперечными перегородками.',
          'Koʻndalang toʻsiqli lenta tufayli yukni 30° gacha burchak ostida ikkinchi qavatga yoki bunkerga koʻtaradi.',
          'Lifts goods to a mezzanine or into a hopper at up to 30°, thanks to a belt with cleats.',
        ),
        specs: { width: '500 mm', length: '3–20 m', capacity: '25 t/h', power: '1.5 kW' },
      },
      {
        name: t(
          'Передвижной погрузочный конвейер ЛКП-500',
          'LKP-500 koʻchma yuklash konveyeri',
          'LKP-500 mobile loading conveyor',
        ),
        lead: t(
          'Конвейер на колёсах с регулировкой высоты для погрузки мешков и коробок в фуры и вагоны.',
          'Qoplar va qutilarni furalar hamda vagonlarga yuklash uchun balandligi rostlanadigan gʻildirakli konveyer.',
          'A wheeled conveyor with adjustable height for loading sacks and cartons into trucks and railcars.',
        ),
        specs: { width: '500 mm', length: '6–12 m', load: '60 kg/m', power: '2.2 kW' },
      },
      {
        name: t(
          'Пищевой ленточный конвейер ЛКП-300',
          'LKP-300 oziq-ovqat lentali konveyeri',
          'LKP-300 food-grade belt conveyor',
        ),
        lead: t(
          'Рама из нержавеющей стали AISI 304 и полиуретановая лента с допуском для контакта с пищевыми продуктами.',
          'AISI 304 zanglamaydigan poʻlat rama va oziq-ovqat bilan bevosita tegishga ruxsat etilgan poliuretan lenta.',
          'An AISI 304 stainless-steel frame and a polyurethane belt approved for direct food contact.',
        ),
        specs: { width: '300 mm', length: '1–15 m', speed: '0.05–0.3 m/s', power: '0.37 kW' },
      },
      {
        name: t(
          'Желобчатый конвейер ЛКЖ-800 для сыпучих грузов',
          'Sochiluvchan yuklar uchun LKJ-800 novsimon konveyeri',
          'LKZh-800 troughed conveyor for bulk materials',
        ),
        lead: t(
          'Трёхроликовые опоры формируют желоб, поэтому песок, щебень и зерно не просыпаются с ленты.',
          'Uch rolikli tayanchlar nov hosil qiladi, shuning uchun qum, shagʻal va don lentadan toʻkilmaydi.',
          'Three-roller idlers form a trough, so sand, gravel and grain stay on the belt.',
        ),
        specs: { width: '800 mm', length: '<=100 m', capacity: '200 t/h', power: '7.5–22 kW' },
      },
    ],
  },
  {
    key: 'roller',
    hue: 28,
    name: t('Роликовые конвейеры', 'Rolikli konveyerlar', 'Roller conveyors'),
    description: t(
      'Гравитационные и приводные рольганги для коробок, ящиков, шин и паллет. Повороты, стрелки и накопители собираются в одну линию.',
      'Qutilar, yashiklar, shinalar va palletlar uchun gravitatsion va yuritmali rolganglar. Burilishlar, strelkalar va toʻplagichlar bitta liniyaga yigʻiladi.',
      'Gravity and powered roller conveyors for cartons, crates, tyres and pallets. Curves, diverters and accumulation zones join into one line.',
    ),
    closing: t(
      'Ролики — оцинкованные, из нержавеющей стали или с полимерным покрытием.',
      'Roliklar ruxlangan, zanglamaydigan poʻlatdan yoki polimer qoplamali boʻladi.',
      'Rollers come galvanised, in stainless steel or with a polymer sleeve.',
    ),
    products: [
      {
        name: t(
          'Гравитационный рольганг РКГ-600',
          'RKG-600 gravitatsion rolgangi',
          'RKG-600 gravity roller conveyor',
        ),
        lead: t(
          'Груз катится под собственным весом — решение без электричества для зон комплектации и упаковки.',
          'Yuk oʻz ogʻirligi bilan dumalaydi — komplektlash va qadoqlash zonalari uchun elektrsiz yechim.',
          'Goods roll under their own weight: a solution without power for picking and packing areas.',
        ),
        specs: { width: '600 mm', length: '1–6 m', load: '100 kg/m' },
      },
      {
        name: t(
          'Приводной роликовый конвейер РКП-800',
          'RKP-800 yuritmali rolikli konveyeri',
          'RKP-800 powered roller conveyor',
        ),
        lead: t(
          'Ролики с цепной передачей двигают тяжёлые ящики и паллеты с постоянной скоростью.',
          'Zanjirli uzatmali roliklar ogʻir yashiklar va palletlarni doimiy tezlikda harakatlantiradi.',
          'Chain-driven rollers move heavy crates and pallets at a constant speed.',
        ),
        specs: { width: '800 mm', length: '2–20 m', load: '500 kg/m', power: '0.75 kW' },
      },
      {
        name: t(
          'Накопительный конвейер с нулевым давлением РКН-500',
          'RKN-500 nol bosimli toʻplovchi konveyeri',
          'RKN-500 zero-pressure accumulation conveyor',
        ),
        lead: t(
          'Зоны с отдельными мотор-роликами останавливают коробки без касания друг друга перед упаковкой или сортировкой.',
          'Alohida motor-rolikli zonalar qadoqlash yoki saralashdan oldin qutilarni bir-biriga tegmasdan toʻxtatadi.',
          'Zones with their own motorised rollers hold cartons without contact before packing or sorting.',
        ),
        specs: { width: '500 mm', load: '50 kg', speed: '0.4 m/s' },
      },
      {
        name: t(
          'Поворотная секция рольганга 90°',
          'Rolgangning 90° burilish seksiyasi',
          '90° curved roller section',
        ),
        lead: t(
          'Конические ролики проводят груз через поворот без перекоса и заклинивания.',
          'Konussimon roliklar yukni burilishdan qiyshaymasdan va tiqilmasdan oʻtkazadi.',
          'Tapered rollers carry goods through the curve without skewing or jamming.',
        ),
        specs: { width: '400–800 mm', load: '80 kg/m' },
      },
      {
        name: t(
          'Гибкий раздвижной рольганг РГР-600',
          'RGR-600 egiluvchan surilma rolgangi',
          'RGR-600 flexible expandable roller conveyor',
        ),
        lead: t(
          'Растягивается с 2 до 8 метров и изгибается, чтобы подвести линию прямо к кузову машины.',
          'Liniyani toʻgʻridan-toʻgʻri mashina kuzoviga yetkazish uchun 2 dan 8 metrgacha choʻziladi va egiladi.',
          'Extends from 2 to 8 metres and bends to bring the line right up to a truck.',
        ),
        specs: { width: '600 mm', length: '2–8 m', load: '40 kg/m' },
      },
    ],
  },
  {
    key: 'chain',
    hue: 0,
    name: t('Цепные конвейеры', 'Zanjirli konveyerlar', 'Chain conveyors'),
    description: t(
      'Пластинчатые, скребковые, подвесные и паллетные цепные конвейеры для тяжёлых, горячих и абразивных грузов.',
      'Ogʻir, issiq va abraziv yuklar uchun plastinkali, qirgʻichli, osma va palletli zanjirli konveyerlar.',
      'Slat, scraper, overhead and pallet chain conveyors for heavy, hot and abrasive loads.',
    ),
    closing: t(
      'Цепи и звёздочки подбираем под нагрузку и среду, запасные части всегда на складе в Ташкенте.',
      'Zanjir va yulduzchalarni yuklama va muhitga qarab tanlaymiz, ehtiyot qismlar doim Toshkentdagi omborda bor.',
      'Chains and sprockets are matched to the load and environment; spare parts are kept in stock in Tashkent.',
    ),
    products: [
      {
        name: t(
          'Пластинчатый конвейер ПК-650',
          'PK-650 plastinkali konveyeri',
          'PK-650 slat conveyor',
        ),
        lead: t(
          'Стальные пластины выдерживают удары и температуру до 250 °C — для литья, поковок и стеклотары.',
          'Poʻlat plastinkalar zarba va 250 °C gacha haroratga chidaydi — quyma, pokovka va shisha idishlar uchun.',
          'Steel slats withstand impact and temperatures up to 250 °C, for castings, forgings and glass containers.',
        ),
        specs: { width: '650 mm', length: '<=40 m', load: '300 kg/m', power: '4 kW' },
      },
      {
        name: t(
          'Цепной конвейер для паллет ЦКП-1200',
          'SKP-1200 pallet zanjirli konveyeri',
          'TsKP-1200 pallet chain conveyor',
        ),
        lead: t(
          'Две тяговые цепи переносят европаллеты и поддоны от упаковочной машины к зоне отгрузки.',
          'Ikki tortuvchi zanjir yevropalletlarni qadoqlash mashinasidan joʻnatish zonasiga olib boradi.',
          'Two traction chains carry Euro pallets from the wrapping machine to the dispatch area.',
        ),
        specs: { width: '1200 mm', load: '1500 kg', speed: '0.2 m/s', power: '1.1 kW' },
      },
      {
        name: t(
          'Подвесной цепной конвейер для покрасочных линий',
          'Boʻyash liniyalari uchun osma zanjirli konveyer',
          'Overhead chain conveyor for paint lines',
        ),
        lead: t(
          'Детали висят на подвесках и проходят мойку, сушку и окраску без перегрузки.',
          'Detallar ilgaklarda osilib, qayta yuklanmasdan yuvish, quritish va boʻyashdan oʻtadi.',
          'Parts hang on carriers and pass through washing, drying and painting without being handled.',
        ),
        specs: { length: '<=300 m', load: '50 kg', speed: '0.5–4 m/min' },
      },
      {
        name: t(
          'Скребковый конвейер СК-320',
          'SK-320 qirgʻichli konveyeri',
          'SK-320 scraper conveyor',
        ),
        lead: t(
          'Закрытый короб и скребки на цепи перемещают золу, щепу и опилки без пыли.',
          'Yopiq quti va zanjirdagi qirgʻichlar kul, payraha va qipiqni changsiz tashiydi.',
          'An enclosed trough with chain-mounted flights moves ash, wood chips and sawdust without dust.',
        ),
        specs: { width: '320 mm', length: '<=50 m', capacity: '30 m³/h', power: '5.5 kW' },
      },
      {
        name: t(
          'Трубчатый цепной конвейер ТЦК-150',
          'TSK-150 quvursimon zanjirli konveyeri',
          'TTsK-150 tubular drag conveyor',
        ),
        lead: t(
          'Диски на цепи тянут порошки и гранулы внутри герметичной трубы по любой трассе.',
          'Zanjirdagi disklar kukun va granulalarni germetik quvur ichida istalgan yoʻnalishda tortadi.',
          'Discs on a chain drag powders and pellets through a sealed tube along any route.',
        ),
        specs: { width: 'Ø150 mm', length: '<=60 m', capacity: '12 m³/h', power: '3 kW' },
      },
    ],
  },
  {
    key: 'modular',
    hue: 150,
    name: t(
      'Модульные пластиковые конвейеры',
      'Modulli plastik konveyerlar',
      'Modular plastic belt conveyors',
    ),
    description: t(
      'Конвейеры с модульной пластиковой лентой для пищевых производств, розлива и упаковки: легко моются и ремонтируются по звену.',
      'Oziq-ovqat ishlab chiqarish, quyish va qadoqlash uchun modulli plastik lentali konveyerlar: oson yuviladi va boʻgʻinma-boʻgʻin taʼmirlanadi.',
      'Conveyors with modular plastic belts for food production, bottling and packing: easy to wash and repaired link by link.',
    ),
    closing: t(
      'Все материалы допущены к контакту с пищевыми продуктами, конструкция открытая для санитарной мойки.',
      'Barcha materiallar oziq-ovqat bilan tegishga ruxsat etilgan, konstruksiya sanitariya yuvish uchun ochiq.',
      'All materials are approved for food contact, and the open design allows sanitary washdown.',
    ),
    products: [
      {
        name: t(
          'Модульный конвейер для бутылок МК-150',
          'Butilkalar uchun MK-150 modulli konveyeri',
          'MK-150 modular bottle conveyor',
        ),
        lead: t(
          'Одноручьевая линия подаёт ПЭТ- и стеклянные бутылки от выдува к розливу и этикетировке.',
          'Bir oqimli liniya PET va shisha butilkalarni puflashdan quyish va yorliqlashga uzatadi.',
          'A single-lane line feeds PET and glass bottles from blow moulding to filling and labelling.',
        ),
        specs: { width: '150 mm', length: '<=50 m', speed: '<=60 m/min' },
      },
      {
        name: t(
          'Спиральный конвейер охлаждения СПК-600',
          'SPK-600 spiral sovutish konveyeri',
          'SPK-600 spiral cooling conveyor',
        ),
        lead: t(
          'Хлеб и выпечка остывают на спирали, занимая в десять раз меньше площади, чем прямая линия.',
          'Non va pishiriqlar spiralda soviydi va toʻgʻri liniyaga qaraganda oʻn baravar kam joy egallaydi.',
          'Bread and pastries cool on a spiral that takes a tenth of the floor space of a straight line.',
        ),
        specs: { width: '600 mm', capacity: '2000 pcs/h' },
      },
      {
        name: t(
          'Поворотный модульный конвейер МКП-400',
          'MKP-400 burilishli modulli konveyeri',
          'MKP-400 curved modular conveyor',
        ),
        lead: t(
          'Лента радиусного типа проходит повороты на 30–180° без передаточных столов.',
          'Radiusli lenta 30–180° burilishlardan oʻtkazish stollarisiz oʻtadi.',
          'A radius belt runs through 30–180° curves without transfer plates.',
        ),
        specs: { width: '400 mm', load: '30 kg/m', speed: '0.3 m/s' },
      },
      {
        name: t(
          'Наклонный модульный конвейер с лопатками',
          'Kurakchali qiya modulli konveyer',
          'Inclined modular conveyor with flights',
        ),
        lead: t(
          'Лопатки и бортики удерживают овощи, фрукты и замороженные продукты на подъёме до 45°.',
          'Kurakchalar va bortlar sabzavot, meva va muzlatilgan mahsulotlarni 45° gacha koʻtarilishda ushlab turadi.',
          'Flights and sidewalls keep vegetables, fruit and frozen products in place on climbs of up to 45°.',
        ),
        specs: { width: '300–900 mm', length: '2–10 m', capacity: '5 t/h' },
      },
      {
        name: t(
          'Моечный конвейер для мясопереработки',
          'Goʻsht qayta ishlash uchun yuviladigan konveyer',
          'Washdown conveyor for meat processing',
        ),
        lead: t(
          'Исполнение IP69K: лента снимается без инструмента, все поверхности доступны для мойки под давлением.',
          'IP69K bajarilishi: lenta asbobsiz yechiladi, barcha sirtlar bosim ostida yuvish uchun ochiq.',
          'IP69K design: the belt comes off without tools and every surface is open to pressure washing.',
        ),
        specs: { width: '600 mm', length: '<=12 m', power: '0.55 kW' },
      },
    ],
  },
  {
    key: 'screw',
    hue: 45,
    name: t('Винтовые (шнековые) конвейеры', 'Vintli (shnekli) konveyerlar', 'Screw conveyors'),
    description: t(
      'Шнеки для цемента, муки, зерна, комбикорма и осадков: в трубе или в жёлобе, горизонтальные и наклонные.',
      'Sement, un, don, omuxta yem va choʻkindilar uchun shneklar: quvurda yoki novda, gorizontal va qiya.',
      'Screw conveyors for cement, flour, grain, compound feed and sludge: tubular or U-trough, horizontal or inclined.',
    ),
    closing: t(
      'Витки из конструкционной или нержавеющей стали, по запросу — с износостойкой наплавкой.',
      'Oʻramlar konstruksion yoki zanglamaydigan poʻlatdan, soʻrovga koʻra yeyilishga chidamli qoplama bilan.',
      'Flights in structural or stainless steel, with hard-facing on request.',
    ),
    products: [
      {
        name: t(
          'Трубчатый шнек ШК-219 для цемента',
          'Sement uchun ShK-219 quvurli shnegi',
          'ShK-219 tubular screw conveyor for cement',
        ),
        lead: t(
          'Подаёт цемент из силоса в бетоносмеситель с точностью дозирования до 1 %.',
          'Sementni silosdan beton qorgichga 1 % gacha aniqlikda dozalab uzatadi.',
          'Feeds cement from the silo to the concrete mixer with dosing accurate to 1 %.',
        ),
        specs: { width: 'Ø219 mm', length: '3–12 m', capacity: '40 t/h', power: '7.5 kW' },
      },
      {
        name: t(
          'Гибкий шнековый конвейер ГШК-90',
          'GShK-90 egiluvchan shnekli konveyeri',
          'GShK-90 flexible screw conveyor',
        ),
        lead: t(
          'Спираль без вала внутри гибкой трубы переносит порошки и гранулы по изогнутой трассе.',
          'Egiluvchan quvur ichidagi valsiz spiral kukun va granulalarni egri yoʻnalish boʻylab tashiydi.',
          'A shaftless spiral inside a flexible hose carries powders and granules along a curved route.',
        ),
        specs: { width: 'Ø90 mm', length: '<=15 m', capacity: '3 m³/h', power: '1.5 kW' },
      },
      {
        name: t(
          'Бесвальный шнек для осадков ШБ-300',
          'Choʻkindilar uchun ShB-300 valsiz shnegi',
          'ShB-300 shaftless screw for sludge',
        ),
        lead: t(
          'Без промежуточных опор не наматывает волокна — для очистных сооружений и отходов переработки.',
          'Oraliq tayanchlarsiz tolalarni oʻramaydi — tozalash inshootlari va qayta ishlash chiqindilari uchun.',
          'With no intermediate bearings it does not wind up fibres: built for treatment plants and process waste.',
        ),
        specs: { width: 'Ø300 mm', length: '<=20 m', capacity: '10 m³/h', power: '4 kW' },
      },
      {
        name: t(
          'Наклонный шнек для зерна ШН-160',
          'Don uchun ShN-160 qiya shnegi',
          'ShN-160 inclined grain auger',
        ),
        lead: t(
          'Загружает зерно в бункеры и транспорт под углом до 45° прямо с тока.',
          'Donni xirmondan toʻgʻridan-toʻgʻri bunker va transportga 45° gacha burchak ostida yuklaydi.',
          'Loads grain into bins and vehicles at up to 45°, straight from the threshing floor.',
        ),
        specs: { width: 'Ø160 mm', length: '4–9 m', capacity: '25 t/h', power: '3 kW' },
      },
      {
        name: t(
          'Шнековый питатель-дозатор ШП-100',
          'ShP-100 shnekli taʼminlagich-dozatori',
          'ShP-100 screw feeder',
        ),
        lead: t(
          'Частотный привод задаёт точную подачу добавок в смеситель или на упаковку.',
          'Chastotali yuritma qoʻshimchalarni aralashtirgich yoki qadoqlashga aniq uzatishni belgilaydi.',
          'A variable-frequency drive sets an exact feed of additives to a mixer or packing machine.',
        ),
        specs: { width: 'Ø100 mm', length: '1–3 m', capacity: '20–500 kg/h', power: '0.55 kW' },
      },
    ],
  },
  {
    key: 'elevator',
    hue: 280,
    name: t('Ковшовые элеваторы (нории)', 'Choʻmichli elevatorlar (noriyalar)', 'Bucket elevators'),
    description: t(
      'Вертикальный подъём зерна, комбикорма, удобрений, цемента и клинкера на высоту до 60 метров.',
      'Don, omuxta yem, oʻgʻit, sement va klinkerni 60 metrgacha balandlikka vertikal koʻtarish.',
      'Vertical lifting of grain, compound feed, fertiliser, cement and clinker to heights of up to 60 metres.',
    ),
    closing: t(
      'Поставляем с датчиками подпора, схода ленты и контроля скорости.',
      'Tiqilish, lenta chiqib ketishi va tezlikni nazorat qilish datchiklari bilan yetkazib beramiz.',
      'Supplied with plug, belt-drift and speed-monitoring sensors.',
    ),
    products: [
      {
        name: t(
          'Ленточная нория НЛ-20 для зерна',
          'Don uchun NL-20 lentali noriyasi',
          'NL-20 belt bucket elevator for grain',
        ),
        lead: t(
          'Пластиковые ковши на резинотканевой ленте бережно поднимают зерно без дробления.',
          'Rezina-matoli lentadagi plastik choʻmichlar donni maydalamasdan ehtiyotkorlik bilan koʻtaradi.',
          'Plastic buckets on a rubber-fabric belt lift grain gently, without breaking it.',
        ),
        specs: { capacity: '20 t/h', height: '<=40 m', power: '4–11 kW' },
      },
      {
        name: t(
          'Цепной элеватор ЭЦ-400 для цемента',
          'Sement uchun ETs-400 zanjirli elevatori',
          'ETs-400 chain bucket elevator for cement',
        ),
        lead: t(
          'Стальные ковши на круглозвенной цепи работают с горячим и абразивным материалом.',
          'Dumaloq boʻgʻinli zanjirdagi poʻlat choʻmichlar issiq va abraziv material bilan ishlaydi.',
          'Steel buckets on a round-link chain handle hot and abrasive material.',
        ),
        specs: { capacity: '120 t/h', height: '<=50 m', power: '30 kW' },
      },
      {
        name: t(
          'Z-образный ковшовый конвейер для снеков',
          'Sneklar uchun Z-simon choʻmichli konveyer',
          'Z-type bucket conveyor for snacks',
        ),
        lead: t(
          'Подаёт хрупкие продукты на весовой дозатор без потерь и крошки.',
          'Moʻrt mahsulotlarni yoʻqotishsiz va ushoqsiz tortish dozatoriga uzatadi.',
          'Feeds fragile products to a multihead weigher without loss or crumbs.',
        ),
        specs: { capacity: '4 m³/h', height: '2–6 m', power: '0.75 kW' },
      },
      {
        name: t(
          'Компактная нория НК-10 для комбикормовых заводов',
          'Omuxta yem zavodlari uchun NK-10 ixcham noriyasi',
          'NK-10 compact elevator for feed mills',
        ),
        lead: t(
          'Разборный корпус из оцинкованной стали собирается на месте за один день.',
          'Ruxlangan poʻlatdan yasalgan yigʻma korpus joyida bir kunda yigʻiladi.',
          'A sectional galvanised casing is assembled on site in a single day.',
        ),
        specs: { capacity: '10 t/h', height: '<=25 m', power: '3 kW' },
      },
      {
        name: t(
          'Нория для минеральных удобрений НУ-50',
          'Mineral oʻgʻitlar uchun NU-50 noriyasi',
          'NU-50 bucket elevator for fertiliser',
        ),
        lead: t(
          'Нержавеющие детали и полимерные ковши устойчивы к коррозии от аммиачной селитры и карбамида.',
          'Zanglamaydigan detallar va polimer choʻmichlar ammiakli selitra va karbamid korroziyasiga chidamli.',
          'Stainless parts and polymer buckets resist corrosion from ammonium nitrate and urea.',
        ),
        specs: { capacity: '50 t/h', height: '<=35 m', power: '15 kW' },
      },
    ],
  },
  {
    key: 'drives',
    hue: 195,
    name: t(
      'Приводы и мотор-редукторы',
      'Yuritmalar va motor-reduktorlar',
      'Drives and gear motors',
    ),
    description: t(
      'Мотор-барабаны, мотор-редукторы, частотные преобразователи и барабаны для новых конвейеров и для замены.',
      'Yangi konveyerlar va almashtirish uchun motor-barabanlar, motor-reduktorlar, chastota oʻzgartirgichlari va barabanlar.',
      'Drum motors, gear motors, frequency inverters and pulleys for new conveyors and for replacement.',
    ),
    closing: t(
      'Подбираем привод по расчёту тягового усилия и проверяем его на нашем стенде перед отгрузкой.',
      'Yuritmani tortish kuchi hisobi boʻyicha tanlaymiz va joʻnatishdan oldin stendimizda tekshiramiz.',
      'We size each drive from a traction calculation and test it on our bench before shipping.',
    ),
    products: [
      {
        name: t('Мотор-барабан МБ-138', 'MB-138 motor-barabani', 'MB-138 drum motor'),
        lead: t(
          'Двигатель и редуктор внутри барабана: привод без выступающих частей и без обслуживания.',
          'Dvigatel va reduktor baraban ichida: chiqib turgan qismlarsiz va xizmat talab qilmaydigan yuritma.',
          'Motor and gearbox inside the drum: a drive with no protruding parts and no maintenance.',
        ),
        specs: { width: 'Ø138 mm', power: '0.25–1.1 kW', speed: '0.2–2 m/s' },
      },
      {
        name: t(
          'Цилиндро-конический мотор-редуктор',
          'Silindr-konussimon motor-reduktor',
          'Helical-bevel gear motor',
        ),
        lead: t(
          'КПД до 96 % и полый вал для прямой посадки на вал приводного барабана.',
          'FIK 96 % gacha va yetaklovchi baraban valiga bevosita oʻrnatish uchun ichi boʻsh val.',
          'Up to 96 % efficiency and a hollow shaft that mounts straight onto the drive pulley.',
        ),
        specs: { power: '0.37–45 kW', torque: '<=18000 N·m' },
      },
      {
        name: t('Червячный мотор-редуктор', 'Chervyakli motor-reduktor', 'Worm gear motor'),
        lead: t(
          'Недорогой компактный привод для лёгких ленточных и роликовых конвейеров.',
          'Yengil lentali va rolikli konveyerlar uchun arzon va ixcham yuritma.',
          'An affordable, compact drive for light belt and roller conveyors.',
        ),
        specs: { power: '0.09–7.5 kW', speed: '5–300 rpm' },
      },
      {
        name: t(
          'Комплект частотного привода для конвейера',
          'Konveyer uchun chastotali yuritma toʻplami',
          'Variable-frequency drive kit for conveyors',
        ),
        lead: t(
          'Плавный пуск, регулировка скорости с панели и защита двигателя в одном шкафу.',
          'Ravon ishga tushirish, paneldan tezlikni rostlash va dvigatel himoyasi bitta shkafda.',
          'Soft start, speed control from the panel and motor protection in one cabinet.',
        ),
        specs: { power: '0.75–30 kW' },
      },
      {
        name: t(
          'Приводные и натяжные барабаны',
          'Yetaklovchi va taranglovchi barabanlar',
          'Drive and tail pulleys',
        ),
        lead: t(
          'Футеровка резиной или керамикой повышает сцепление и срок службы ленты.',
          'Rezina yoki keramika bilan qoplash ilashishni va lenta xizmat muddatini oshiradi.',
          'Rubber or ceramic lagging improves grip and belt life.',
        ),
        specs: { width: 'Ø108–800 mm', length: '300–1800 mm' },
      },
    ],
  },
  {
    key: 'automation',
    hue: 330,
    name: t(
      'Автоматизация и шкафы управления',
      'Avtomatlashtirish va boshqaruv shkaflari',
      'Automation and control cabinets',
    ),
    description: t(
      'Шкафы управления, сортировка, контроль веса и безопасность конвейерных линий — от проекта до пусконаладки.',
      'Konveyer liniyalarining boshqaruv shkaflari, saralash, ogʻirlik nazorati va xavfsizligi — loyihadan ishga tushirishgacha.',
      'Control cabinets, sorting, weight checking and safety for conveyor lines, from design to commissioning.',
    ),
    closing: t(
      'Программируем контроллеры Siemens, Schneider и Delta, обучаем ваш персонал.',
      'Siemens, Schneider va Delta kontrollerlarini dasturlaymiz, xodimlaringizni oʻqitamiz.',
      'We program Siemens, Schneider and Delta controllers and train your staff.',
    ),
    products: [
      {
        name: t(
          'Шкаф управления конвейерной линией ШУК-1',
          'ShUK-1 konveyer liniyasi boshqaruv shkafi',
          'ShUK-1 conveyor line control cabinet',
        ),
        lead: t(
          'Контроллер, сенсорная панель и защита всех двигателей линии; пуск и остановка по заданной последовательности.',
          'Kontroller, sensorli panel va liniyadagi barcha dvigatellar himoyasi; belgilangan ketma-ketlikda ishga tushirish va toʻxtatish.',
          'A PLC, a touch panel and protection for every motor of the line, with start and stop in a set sequence.',
        ),
        specs: {},
      },
      {
        name: t(
          'Линия сортировки посылок со сканером штрихкодов',
          'Shtrix-kod skanerli posilkalarni saralash liniyasi',
          'Parcel sorting line with barcode scanner',
        ),
        lead: t(
          'Сканер читает этикетку, а толкатели направляют посылку на нужный маршрут.',
          'Skaner yorliqni oʻqiydi, itargichlar esa posilkani kerakli yoʻnalishga yoʻnaltiradi.',
          'A scanner reads the label and pushers send each parcel to its route.',
        ),
        specs: { capacity: '<=2400 pcs/h', speed: '1.2 m/s' },
      },
      {
        name: t(
          'Конвейерные контрольные весы КВ-60',
          'KV-60 konveyer nazorat tarozisi',
          'KV-60 conveyor checkweigher',
        ),
        lead: t(
          'Взвешивает каждую упаковку на ходу и отбраковывает недовес без остановки линии.',
          'Har bir qadoqni harakatda tortadi va kam ogʻirlikdagisini liniyani toʻxtatmasdan ajratadi.',
          'Weighs every package on the move and rejects underweight ones without stopping the line.',
        ),
        specs: { load: '<=60 kg', capacity: '30 pcs/min' },
      },
      {
        name: t(
          'Комплект безопасности конвейера',
          'Konveyer xavfsizlik toʻplami',
          'Conveyor safety kit',
        ),
        lead: t(
          'Тросовые выключатели аварийной остановки, датчики схода ленты и ограждения по нормам безопасности.',
          'Favqulodda toʻxtatish trosli oʻchirgichlari, lenta chiqib ketish datchiklari va xavfsizlik meʼyorlariga mos toʻsiqlar.',
          'Emergency pull-cord switches, belt-drift sensors and guards that meet safety standards.',
        ),
        specs: {},
      },
      {
        name: t(
          'Диспетчерская система SCADA для конвейеров',
          'Konveyerlar uchun SCADA dispetcherlik tizimi',
          'SCADA supervision system for conveyors',
        ),
        lead: t(
          'Мнемосхема линии, журнал аварий и отчёты о производительности на компьютере диспетчера.',
          'Dispetcher kompyuterida liniya mnemosxemasi, avariyalar jurnali va unumdorlik hisobotlari.',
          'A live line diagram, an alarm log and output reports on the supervisor’s computer.',
        ),
        specs: {},
      },
    ],
  },
];
