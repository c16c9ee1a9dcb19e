import {
  ADMIN_DEFAULT_LANGUAGE,
  type Attribute,
  type AttributeDefinition,
  describeItems,
  isLanguage,
  type LeadItem,
} from '@conveyor/shared';
import { Typography } from '@mui/material';
import { Labeled, Link, useGetMany, useLocaleState, useRecordContext } from 'react-admin';

/**
 * A quote basket's products, one line each: the product (a link to it while it exists), the
 * quantity and what was asked of it (its parameters with their units, a calculator's duty, the
 * buyer's note), in the staff's language.
 */
export function LeadItems() {
  const record = useRecordContext<{ id: number; items?: LeadItem[] }>();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : ADMIN_DEFAULT_LANGUAGE;
  const items = record?.items ?? [];
  const ids = items.flatMap((item) => item.parameters.map((parameter) => parameter.attribute_id));
  const { data = [] } = useGetMany<Attribute & { id: number }>(
    'attributes',
    { ids },
    { enabled: ids.length > 0 },
  );
  if (!items.length) return null;
  const attributes = new Map<number, AttributeDefinition>(
    data.map((attribute) => [
      attribute.id,
      { ...attribute, decimals: attribute.decimals ?? 0, options: attribute.options ?? [] },
    ]),
  );
  const lines = describeItems(items, attributes, language);
  return (
    <Labeled label="resources.leads.fields.items">
      <Typography component="ol" variant="body2" sx={{ m: 0, pl: 2 }} data-items>
        {items.map((item, index) => (
          <li key={item.product_id}>
            <Link to={`/products/${item.product_id}`}>{item.name || `#${item.product_id}`}</Link>
            {lines[index]!.slice((item.name || `#${item.product_id}`).length)}
          </li>
        ))}
      </Typography>
    </Labeled>
  );
}
