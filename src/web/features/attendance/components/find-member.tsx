import { Input, Label } from '../../../components/ui/input';

/** "Find a member" over a list already on screen (it only narrows what is shown). */
export function FindMember({
  id,
  value,
  onChange,
  className,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>Find a member</Label>
      <Input
        id={id}
        type="search"
        placeholder="Name or business"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
