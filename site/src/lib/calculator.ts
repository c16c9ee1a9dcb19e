import type { Language, SiteData, SpecValue } from '@conveyor/shared';
import {
  type DutyInput,
  dutyToParams,
  MODEL_CODES,
  type ModelCode,
  type ModelFigure,
  type ModelFigures,
} from '@conveyor/shared/conveyor';
import { localePath, pick } from '../i18n/index.ts';
import type { AttributeView } from './specs.ts';

// The conveyor calculator's view of the catalogue: the products it may recommend (those of the
// categories whose template has a belt width and a capacity), with the figures it matches them by (shared
// MODEL_CODES, by attribute code), and the address that checks a product's own figures.

/** A product as the calculator page carries it: its names, its page and its figures. */
export interface CalculatorModel extends ModelFigures {
  category_id: number;
  name_uz: string;
  name_ru: string;
  name_en: string;
}

/** A model as the page's script reads it, in the page's language. */
export interface PageModel extends ModelFigures {
  name: string;
  path: string;
}

/** The figures of MODEL_CODES a product's values hold. */
function figuresOf(
  specs: readonly SpecValue[],
  attributes: ReadonlyMap<number, AttributeView>,
): Partial<Record<ModelCode, ModelFigure>> {
  const figures: Partial<Record<ModelCode, ModelFigure>> = {};
  for (const spec of specs) {
    const code = attributes.get(spec.attribute_id)?.code as ModelCode | undefined;
    if (!code || !MODEL_CODES.includes(code)) continue;
    const figure: ModelFigure = {};
    if (typeof spec.value === 'number') figure.value = spec.value;
    if (typeof spec.min === 'number') figure.min = spec.min;
    if (typeof spec.max === 'number') figure.max = spec.max;
    if (Object.keys(figure).length) figures[code] = figure;
  }
  return figures;
}

/**
 * The categories of conveyors that carry a flow on a belt: their template has a belt width and
 * a capacity. They link to the calculator, and their products are the ones it may recommend.
 */
export function beltCategoryIds(
  data: Pick<SiteData, 'categories'>,
  attributes: ReadonlyMap<number, AttributeView>,
): Set<number> {
  return new Set(
    data.categories
      .filter((category) => {
        const codes = category.attributes.map((entry) => attributes.get(entry.attribute_id)?.code);
        return codes.includes('belt_width') && codes.includes('capacity');
      })
      .map((category) => category.id),
  );
}

/** The products of the belt categories shown, with the figures the calculator matches. */
export function calculatorModels(
  products: SiteData['products'],
  beltCategories: ReadonlySet<number>,
  attributes: ReadonlyMap<number, AttributeView>,
): CalculatorModel[] {
  return products
    .filter((product) => beltCategories.has(product.category_id))
    .map((product) => ({
      id: product.id,
      category_id: product.category_id,
      name_uz: product.name_uz,
      name_ru: product.name_ru,
      name_en: product.name_en,
      figures: figuresOf(product.specs, attributes),
    }));
}

/** The models in a page's language: each named and linked there. */
export function pageModels(models: readonly CalculatorModel[], lang: Language): PageModel[] {
  return models.map((model) => ({
    id: model.id,
    name: pick(model, 'name', lang),
    path: localePath(lang, `/catalog/${model.category_id}/products/${model.id}`),
    figures: model.figures,
  }));
}

/**
 * The query of the calculator's address that checks a product against a duty of its own
 * figures: its belt, its flow, its longest frame and its lift; the buyer sets the material and
 * the rest. The page puts it after its language's `/calculator`.
 */
export function productDutyQuery(
  productId: number,
  specs: readonly SpecValue[],
  attributes: ReadonlyMap<number, AttributeView>,
): string {
  const figures = figuresOf(specs, attributes);
  const top = (figure: ModelFigure | undefined) => figure?.max ?? figure?.value;
  const duty: Partial<DutyInput> = {
    capacity: top(figures.capacity),
    length: top(figures.length),
    lift: top(figures.lift_height) ?? 0,
    // a width that is not a standard one the calculator leaves out (dutyFromParams)
    width: figures.belt_width?.value as DutyInput['width'],
  };
  const params = new URLSearchParams(dutyToParams(duty));
  params.set('product', String(productId));
  return params.toString();
}
