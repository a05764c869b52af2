export interface NamedPerson {
  firstName?: string | null;
  lastName?: string | null;
  businessName?: string | null;
  email?: string | null;
}

/** Display name: first plus last name, else business name, else email. */
export function displayName(person: NamedPerson): string {
  const full = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  if (full) return full;
  if (person.businessName?.trim()) return person.businessName.trim();
  return person.email ?? '';
}

export function initials(person: NamedPerson): string {
  const letters = [person.firstName, person.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  if (letters) return letters.toUpperCase();
  return displayName(person).charAt(0).toUpperCase() || '?';
}
