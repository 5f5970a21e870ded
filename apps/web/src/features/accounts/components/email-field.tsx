import { TextField, type TextFieldProps } from '../../../components/ui/text-field';

interface EmailFieldProps extends Omit<TextFieldProps, 'label' | 'value' | 'onChange' | 'onBlur' | 'type'> {
  value: string;
  /** Called with the typed text, and with the trimmed text when the field loses focus. */
  onValueChange: (value: string) => void;
}

/** The email input every account form uses: email keyboard, no auto-capitalisation, trimmed on blur. */
export function EmailField({ value, onValueChange, ...rest }: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...rest}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onBlur={() => {
        if (value.trim() !== value) onValueChange(value.trim());
      }}
    />
  );
}
