export { applyServerErrors } from './apply-server-errors';
export {
  CheckboxField,
  DateField,
  MoneyField,
  type Option,
  RadioGroupField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
  TimeField,
} from './fields';
export { Form } from './form';
export { FieldFrame } from './form-field';
export { useConfirmDiscard, useDraftKey, useFormDraft } from './use-form-draft';
