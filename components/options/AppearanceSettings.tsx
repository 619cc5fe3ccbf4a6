import { THEMES, type Theme } from '../app/theme';
import { useTheme } from '../app/use-theme';
import { Field } from '../ui/Field';

const LABELS: Record<Theme, string> = { system: 'Same as the system', light: 'Light', dark: 'Dark' };

/** Light, dark or the system's theme, for the popup, the options and the side panel alike. */
export function AppearanceSettings() {
  const [theme, setTheme] = useTheme();
  return (
    <section aria-labelledby="appearance-heading">
      <h2 id="appearance-heading">Appearance</h2>
      <Field id="appearance-theme" label="Theme">
        <select id="appearance-theme" value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
          {THEMES.map((t) => (
            <option key={t} value={t}>
              {LABELS[t]}
            </option>
          ))}
        </select>
      </Field>
    </section>
  );
}
