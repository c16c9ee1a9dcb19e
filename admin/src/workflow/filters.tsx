import { LEAD_STATUSES } from '@conveyor/shared';
import { DateInput, ReferenceInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { useRecordName } from '../common/recordRepresentation.ts';

/** The list filters of the records sales work; leads add their product and language. */
export function useWorkflowFilters(resource: 'leads' | 'suppliers') {
  const translate = useTranslate();
  const productName = useRecordName('products');
  const statuses = LEAD_STATUSES.map((id) => ({
    id,
    name: translate(`conveyor.lead_status.${id}`),
  }));
  const languages = (['uz', 'ru', 'en'] as const).map((id) => ({
    id,
    name: translate(`conveyor.languages.${id}`),
  }));
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={statuses} alwaysOn />,
    <ReferenceInput key="assignee_id" source="assignee_id" reference="users" alwaysOn>
      <SelectInput
        label={`resources.${resource}.fields.assignee_id`}
        optionText={(user: { first_name: string; last_name: string; user_name: string }) =>
          `${user.first_name} ${user.last_name}`.trim() || user.user_name
        }
      />
    </ReferenceInput>,
    ...(resource === 'leads'
      ? [
          <ReferenceInput key="product_id" source="product_id" reference="products">
            <SelectInput label="resources.leads.fields.product_id" optionText={productName} />
          </ReferenceInput>,
        ]
      : []),
    <SelectInput key="language" source="language" choices={languages} />,
    <DateInput key="created_from" source="created_from" label="conveyor.workflow.created_from" />,
    <DateInput key="created_to" source="created_to" label="conveyor.workflow.created_to" />,
  ];
}
