import {
  attributeCodeSchema,
  attributeFields,
  FIGURE_TYPES,
  unitCodeSchema,
} from '@conveyor/shared';
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

const codeRules = [
  required(),
  ...textRules(attributeCodeSchema, 'resources.attributes.errors.code'),
];
const unitRules = textRules(unitCodeSchema, 'resources.attributes.errors.unit');
const decimalsRules = numberRules(attributeFields.decimals);

/**
 * An attribute: its code, type and names; a figure's unit (UN/CEFACT code and the label each
 * language shows) and decimals; a choice's options.
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
              <TextInput
                source="unit"
                validate={unitRules}
                parse={(value: string) => value.trim().toUpperCase() || null}
              />
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
