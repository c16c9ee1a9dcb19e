import { SETTINGS_DEFAULTS, type SettingsValues } from '@conveyor/shared';
import type { Text3 } from './catalogue.ts';

// The rest of the demo content: projects, testimonials, clients, a few leads and supplier
// applications, and the company data. Names of companies and people are invented.

const t = (ru: string, uz: string, en: string): Text3 => ({ ru, uz, en });

export interface SeedProject {
  title: Text3;
  description: Text3;
  video: string;
}

/** Demo video links: they look like the real thing; replace them with the company's videos. */
const video = (id: string) => `https://www.youtube.com/watch?v=${id}`;

export const PROJECTS: SeedProject[] = [
  {
    title: t(
      'Сортировочный центр для службы доставки в Ташкенте',
      'Toshkentdagi yetkazib berish xizmati uchun saralash markazi',
      'Sorting hub for a parcel carrier in Tashkent',
    ),
    description: t(
      '320 метров роликовых и ленточных конвейеров, сканеры штрихкодов и 24 выхода сортировки. Центр обрабатывает до 12 000 посылок в смену.',
      '320 metr rolikli va lentali konveyerlar, shtrix-kod skanerlari va 24 ta saralash chiqishi. Markaz bir smenada 12 000 tagacha posilkani qayta ishlaydi.',
      '320 metres of roller and belt conveyors, barcode scanners and 24 sorting exits. The hub handles up to 12,000 parcels per shift.',
    ),
    video: video('Q3kT9mN2xLw'),
  },
  {
    title: t(
      'Линия охлаждения хлеба в Самарканде',
      'Samarqanddagi nonni sovutish liniyasi',
      'Bread cooling line in Samarkand',
    ),
    description: t(
      'Спиральный конвейер на 14 ярусов и модульные транспортёры от печи до упаковки. Хлебозавод увеличил выпуск на 30 % без расширения цеха.',
      '14 qavatli spiral konveyer va pechdan qadoqlashgacha modulli transportyorlar. Non zavodi sexni kengaytirmasdan ishlab chiqarishni 30 % ga oshirdi.',
      'A 14-tier spiral conveyor and modular conveyors from oven to packing. The bakery raised output by 30 % without enlarging the hall.',
    ),
    video: video('hV7pR4sYc0E'),
  },
  {
    title: t(
      'Подача клинкера на цементном заводе',
      'Sement zavodida klinker uzatish',
      'Clinker handling at a cement plant',
    ),
    description: t(
      'Пластинчатый конвейер длиной 85 м и цепной элеватор высотой 42 м для горячего клинкера. Монтаж выполнен за 21 день без остановки печи.',
      'Issiq klinker uchun uzunligi 85 m boʻlgan plastinkali konveyer va balandligi 42 m zanjirli elevator. Montaj pechni toʻxtatmasdan 21 kunda bajarildi.',
      'An 85-metre slat conveyor and a 42-metre chain bucket elevator for hot clinker, installed in 21 days without stopping the kiln.',
    ),
    video: video('b8NwZ1fJq5U'),
  },
  {
    title: t(
      'Линия розлива напитков в Бухаре',
      'Buxorodagi ichimliklarni quyish liniyasi',
      'Beverage bottling line in Bukhara',
    ),
    description: t(
      'Модульные конвейеры для ПЭТ-бутылок от выдува до групповой упаковки, контрольные весы и отбраковка. Скорость линии — 12 000 бутылок в час.',
      'PET butilkalar uchun puflashdan guruhli qadoqlashgacha modulli konveyerlar, nazorat tarozilari va brak ajratish. Liniya tezligi soatiga 12 000 butilka.',
      'Modular conveyors for PET bottles from blow moulding to multipack, with checkweighers and rejection. The line runs at 12,000 bottles per hour.',
    ),
    video: video('Xe2LmK7tP9o'),
  },
  {
    title: t(
      'Приёмка зерна на элеваторе в Джизаке',
      'Jizzaxdagi elevatorda don qabul qilish',
      'Grain intake at an elevator in Jizzakh',
    ),
    description: t(
      'Две нории по 50 т/ч, ленточные конвейеры и шнеки между силосами, управление из диспетчерской. Разгрузка машины занимает 12 минут.',
      'Soatiga 50 tonnalik ikkita noriya, silos orasidagi lentali konveyerlar va shneklar, dispetcherlikdan boshqarish. Mashinani tushirish 12 daqiqa davom etadi.',
      'Two 50 t/h bucket elevators, belt conveyors and screw conveyors between the silos, controlled from a control room. Unloading a truck takes 12 minutes.',
    ),
    video: video('rT5yU8iO3pA'),
  },
  {
    title: t(
      'Автоматизация склада интернет-магазина',
      'Internet-doʻkon omborini avtomatlashtirish',
      'Automating an online retailer’s warehouse',
    ),
    description: t(
      'Накопительные рольганги, наклонные конвейеры на антресоль и станции упаковки. Время сборки заказа сократилось с 14 до 5 минут.',
      'Toʻplovchi rolganglar, antresolga qiya konveyerlar va qadoqlash stansiyalari. Buyurtmani yigʻish vaqti 14 daqiqadan 5 daqiqagacha qisqardi.',
      'Accumulation roller conveyors, inclined conveyors to a mezzanine and packing stations. Order picking time fell from 14 to 5 minutes.',
    ),
    video: video('kD6sF1gH4jL'),
  },
];

export const PRODUCT_VIDEOS: { title: Text3; video: string }[] = [
  {
    title: t('Обзор конвейера', 'Konveyer sharhi', 'Conveyor overview'),
    video: video('mN4bV7cX2zQ'),
  },
  {
    title: t('Конвейер в работе', 'Konveyer ishlamoqda', 'The conveyor at work'),
    video: video('pL9oK8iJ7uH'),
  },
  {
    title: t(
      'Монтаж и пусконаладка',
      'Montaj va ishga tushirish',
      'Installation and commissioning',
    ),
    video: video('wE3rT6yU1iO'),
  },
];

export interface SeedTestimonial {
  name: Text3;
  message: Text3;
}

export const TESTIMONIALS: SeedTestimonial[] = [
  {
    name: t(
      'Азиз Каримов, технический директор хлебозавода',
      'Aziz Karimov, non zavodi texnik direktori',
      'Aziz Karimov, technical director of a bakery',
    ),
    message: t(
      'Спиральный конвейер работает третий год без единой остановки. Инженеры приехали на следующий день после звонка и помогли с планировкой цеха.',
      'Spiral konveyer uchinchi yildirki bir marta ham toʻxtamasdan ishlayapti. Muhandislar qoʻngʻiroqdan keyingi kuniyoq kelib, sex rejasini tuzishda yordam berishdi.',
      'The spiral conveyor has run for three years without a single stop. Their engineers came the day after our call and helped plan the hall.',
    ),
  },
  {
    name: t(
      'Елена Ким, руководитель логистики',
      'Yelena Kim, logistika rahbari',
      'Elena Kim, head of logistics',
    ),
    message: t(
      'Сортировочная линия окупилась за 14 месяцев. Отдельное спасибо за обучение операторов на узбекском и русском языках.',
      'Saralash liniyasi 14 oyda oʻzini oqladi. Operatorlarni oʻzbek va rus tillarida oʻqitganingiz uchun alohida rahmat.',
      'The sorting line paid for itself in 14 months. Special thanks for training our operators in Uzbek and Russian.',
    ),
  },
  {
    name: t(
      'Бахтиёр Рахимов, главный механик цементного завода',
      'Baxtiyor Rahimov, sement zavodi bosh mexanigi',
      'Bakhtiyor Rakhimov, chief mechanic of a cement plant',
    ),
    message: t(
      'Заменили импортный элеватор на местный и не пожалели: запчасти приходят за два дня, а не за два месяца.',
      'Import elevatorni mahalliysiga almashtirdik va afsuslanmadik: ehtiyot qismlar ikki oyda emas, ikki kunda keladi.',
      'We replaced an imported elevator with a local one and have no regrets: spare parts arrive in two days, not two months.',
    ),
  },
  {
    name: t(
      'Дилноза Юсупова, владелица производства снеков',
      'Dilnoza Yusupova, sneklar ishlab chiqarish egasi',
      'Dilnoza Yusupova, owner of a snack factory',
    ),
    message: t(
      'Z-образный конвейер бережно подаёт чипсы на весы — брак снизился почти вдвое. Всё сделали за десять дней, как и обещали.',
      'Z-simon konveyer chipslarni tarozaga ehtiyotkorlik bilan uzatadi — brak deyarli ikki baravar kamaydi. Hammasi vaʼda qilinganidek oʻn kunda bajarildi.',
      'The Z-type conveyor feeds crisps to the weigher gently, and rejects fell by almost half. Everything was done in ten days, as promised.',
    ),
  },
  {
    name: t(
      'Сергей Павлов, директор склада',
      'Sergey Pavlov, ombor direktori',
      'Sergei Pavlov, warehouse director',
    ),
    message: t(
      'Раздвижные рольганги ускорили разгрузку фур в три раза. Конструкция простая и надёжная, сотрудники освоили её за час.',
      'Surilma rolganglar furalarni tushirishni uch baravar tezlashtirdi. Konstruksiya oddiy va ishonchli, xodimlar uni bir soatda oʻzlashtirishdi.',
      'The expandable roller conveyors made unloading trucks three times faster. The design is simple and reliable; our staff learned it in an hour.',
    ),
  },
  {
    name: t(
      'Шохрух Турсунов, инженер элеватора',
      'Shohruh Tursunov, elevator muhandisi',
      'Shokhrukh Tursunov, grain elevator engineer',
    ),
    message: t(
      'Система управления показывает всю линию на одном экране, а аварийные остановки теперь видно сразу. Сезон уборки прошёл без простоев.',
      'Boshqaruv tizimi butun liniyani bitta ekranda koʻrsatadi, favqulodda toʻxtashlar esa endi darhol koʻrinadi. Oʻrim-yigʻim mavsumi toʻxtalishlarsiz oʻtdi.',
      'The control system shows the whole line on one screen, and emergency stops are visible at once. The harvest season went by without downtime.',
    ),
  },
];

/** Client names (invented), with the hue of their generated logo. */
export const CLIENTS: {
  name: string;
  hue: number;
  shape: 'circle' | 'hexagon' | 'diamond' | 'triangle';
}[] = [
  { name: 'Toshkent Non Kombinati', hue: 30, shape: 'circle' },
  { name: 'Samarqand Logistics', hue: 210, shape: 'hexagon' },
  { name: 'UzAgroExport', hue: 120, shape: 'diamond' },
  { name: 'Navoiy Sement', hue: 0, shape: 'triangle' },
  { name: "Farg'ona Tekstil", hue: 280, shape: 'circle' },
  { name: 'Buxoro Ichimliklari', hue: 190, shape: 'hexagon' },
  { name: 'Andijon Mexanika Zavodi', hue: 50, shape: 'diamond' },
  { name: 'Chirchiq Metall', hue: 330, shape: 'triangle' },
];

export const LEADS = [
  {
    name: 'Jasur Abdullayev',
    email: 'jasur.abdullayev@example.uz',
    phone: '+998901234567',
    message:
      'Assalomu alaykum! Omborimiz uchun 15 metrli lentali konveyer kerak, narxi va tayyorlash muddatini bilmoqchiman.',
    status: 'new',
    language: 'uz',
    page: '/contact',
    utm_source: 'google',
    utm_medium: 'cpc',
  },
  {
    name: 'Марина Соколова',
    email: 'm.sokolova@example.ru',
    phone: '+79165551234',
    message:
      'Добрый день. Интересует шнековый конвейер для муки, производительность около 5 т/ч. Пришлите, пожалуйста, коммерческое предложение.',
    status: 'in_progress',
    language: 'ru',
    page: '/ru/contact',
  },
  {
    name: 'Timur Nazarov',
    email: '',
    phone: '+998937654321',
    message: 'Please call me back about a bucket elevator for our feed mill.',
    status: 'won',
    language: 'en',
    page: '/en/contact',
  },
  {
    name: 'Олег Ли',
    email: 'oleg.li@example.uz',
    phone: '',
    message: 'Нужна замена мотор-барабана диаметром 138 мм. Есть ли в наличии?',
    status: 'new',
    language: 'ru',
    page: '/ru/contact',
  },
] as const;

export const SUPPLIERS = [
  {
    company_name: 'Podshipnik Savdo MChJ',
    partner_count: 35,
    inn: '305123456',
    contact_person: 'Rustam Xolmatov',
    phone: '+998712345678',
    email: 'sales@podshipnik-savdo.example.uz',
    company_description:
      'Podshipniklar va uzatma zanjirlarining rasmiy distribyutori, Toshkentda ombor.',
    offer:
      'Konveyer roliklari uchun 6204 va 6205 seriyali podshipniklarni chegirma bilan yetkazib berishni taklif qilamiz.',
  },
  {
    company_name: 'ООО «ЛазерМеталл»',
    partner_count: 60,
    inn: '307654321',
    contact_person: 'Андрей Ким',
    phone: '+998971112233',
    email: 'info@lazermetall.example.uz',
    company_description:
      'Лазерная резка и гибка листового металла толщиной до 20 мм, порошковая покраска.',
    offer:
      'Готовы изготавливать боковины рам и защитные кожухи конвейеров по вашим чертежам в течение 3 дней.',
  },
  {
    company_name: 'ElektroAvtomatika',
    partner_count: 12,
    inn: '309876543',
    contact_person: 'Nodira Saidova',
    phone: '+998954445566',
    email: 'nodira@elektroavtomatika.example.uz',
    company_description: 'Assembly of control cabinets and supply of frequency inverters.',
    offer:
      'We offer frequency inverters from 0.75 to 30 kW with a 3-year warranty and next-day delivery in Tashkent.',
  },
] as const;

/** Believable company data for the demo; staff replace it in the admin's settings screen. */
export const DEMO_SETTINGS: SettingsValues = {
  ...SETTINGS_DEFAULTS,
  phone_primary: '+998 71 200 45 45',
  phone_secondary: '+998 90 900 45 45',
  email: 'info@konveyer.example.uz',
  legal_name: 'OOO «Konveyer Tizimlari»',
  address_ru: 'Узбекистан, Ташкент, Яшнабадский район, ул. Авиасозлар, 22',
  address_uz: 'Oʻzbekiston, Toshkent, Yashnobod tumani, Aviasozlar koʻchasi, 22',
  address_en: '22 Aviasozlar Street, Yashnobod District, Tashkent, Uzbekistan',
  telegram_url: 'https://t.me/konveyer_tizimlari',
  instagram_url: 'https://www.instagram.com/konveyer_tizimlari',
  facebook_url: 'https://www.facebook.com/konveyer.tizimlari',
  map_embed_url:
    'https://www.openstreetmap.org/export/embed.html?bbox=69.30%2C41.28%2C69.36%2C41.31&layer=mapnik&marker=41.295%2C69.33',
  developer_name: 'Web studio',
  developer_url_1: 'https://t.me/webstudio_dev',
  developer_url_2: 'https://www.instagram.com/webstudio_dev',
};
