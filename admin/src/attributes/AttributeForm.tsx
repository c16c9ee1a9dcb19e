import { attributeCodeSchema, attributeFields, FIGURE_TYPES } from '@conveyor/shared';
import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { numberRules, textRules } from '../common/schemaRules.ts';
import { ResourceForm } from '../screens/ResourceForm.tsx';
import { TYPE_CHOICES } from './types.ts';
import { UnitInput } from './UnitInput.tsx';

const codeRules = [
  required(),
  ...textRules(attributeCodeSchema, 'resources.attributes.errors.code'),
];
const decimalsRules = numberRules(attributeFields.decimals);

/**
 * An attribute: its code, type and names; a figure's unit (picked from the UN/CEFACT list, with
 * the label each language shows) and decimals; a choice's options.
 */
export function AttributeForm() {
  return (
    <ResourceForm>
      <LocalizedInputs prefix="name" required />
      <TextInput source="code" validate={codeRules} />
      <SelectInput source="type" choices={TYPE_CHOICES} validate={required()} />
      <FormDataConsumer>
        {({ formData }) =>
          FIGURE_TYPES.includes(formData.type) ? (
            <>
              <UnitInput />
              <LocalizedInputs prefix="unit" max={attributeFields.unit_en.maxLength} />
              <NumberInput source="decimals" validate={decimalsRules} defaultValue={0} />
            </>
          ) : formData.type === 'enum' ? (
            <ArrayInput source="options" validate={required()}>
              <SimpleFormIterator inline>
                <TextInput source="code" validate={codeRules} />
                <TextInput source="name_uz" />
                <TextInput source="name_ru" />
                <TextInput source="name_en" />
              </SimpleFormIterator>
            </ArrayInput>
          ) : null
        }
      </FormDataConsumer>
      <LocalizedInputs prefix="group" />
      <BooleanInput source="filterable" />
      <BooleanInput source="comparable" defaultValue />
      <BooleanInput source="quote" />
    </ResourceForm>
  );
}
