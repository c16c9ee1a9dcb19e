import {
  ADMIN_DEFAULT_LANGUAGE,
  type Attribute,
  type AttributeDefinition,
  describeParameters,
  isLanguage,
  type LeadParameter,
} from '@conveyor/shared';
import { Typography } from '@mui/material';
import { Labeled, useGetMany, useLocaleState, useRecordContext } from 'react-admin';

/**
 * A quote request's parameters, as the buyer asked them: each attribute's name and the value with
 * its unit, in the staff's language (the lead keeps the codes, for an attribute since deleted).
 */
export function LeadParameters() {
  const record = useRecordContext<{ id: number; parameters?: LeadParameter[] }>();
  const [locale] = useLocaleState();
  const language = isLanguage(locale) ? locale : ADMIN_DEFAULT_LANGUAGE;
  const parameters = record?.parameters ?? [];
  const ids = parameters.map((parameter) => parameter.attribute_id);
  const { data = [] } = useGetMany<Attribute & { id: number }>(
    'attributes',
    { ids },
    { enabled: ids.length > 0 },
  );
  if (!parameters.length) return null;
  const attributes = new Map<number, AttributeDefinition>(
    data.map((attribute) => [
      attribute.id,
      { ...attribute, decimals: attribute.decimals ?? 0, options: attribute.options ?? [] },
    ]),
  );
  return (
    <Labeled label="resources.leads.fields.parameters">
      <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2 }} data-parameters>
        {describeParameters(parameters, attributes, language).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Typography>
    </Labeled>
  );
}
