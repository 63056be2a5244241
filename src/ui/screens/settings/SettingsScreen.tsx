import { Box, Text } from 'ink';
import { useState, type ReactNode } from 'react';
import { contentLanguageChoices, regionChoices, regionName, type ChosenSetting, type SettingOrigin } from '../../../state/index.js';
import { useCommands } from '../../commands.js';
import { ChoicePicker } from '../../components/ChoicePicker.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { ENGLISH_MARK, languageName } from '../../format.js';
import { hintLine } from '../../hints.js';
import { keyHint } from '../../keymap.js';
import { useAppState, useAppStore } from '../../store-context.js';
import { useTheme } from '../../theme.js';
import type { ScreenProps } from '../screen.js';

type Picker = 'language' | 'region' | undefined;

const LABEL_COLUMN = 11;

/** Where a setting came from, as a person would say it. */
const ORIGINS: Readonly<Record<SettingOrigin, string>> = {
  environment: 'from the environment',
  'config file': 'from the config file',
  'settings file': 'chosen here earlier',
  locale: "from your locale's region",
  default: 'the default',
  'this run': 'chosen here',
};

/** What decides at the next start, when it is not this screen's file. */
function lockNote(setting: ChosenSetting, variable: string): string | undefined {
  if (!setting.lockedBy) return undefined;
  const what = setting.lockedBy === variable ? `${variable} is set` : `${setting.lockedBy} sets it`;
  return `${what}: it wins over a choice made here at the next start.`;
}

/**
 * The content language (titles, overviews, taglines in it; English where it has none) and the
 * region of "where to watch". A choice applies at once to every screen and is kept for later
 * runs in the settings file, unless the environment or the config file sets it, which the
 * screen then says.
 */
export function SettingsScreen({ entry, width, height }: ScreenProps) {
  const store = useAppStore();
  const theme = useTheme();
  const language = useAppState((s) => s.settings.language);
  const region = useAppState((s) => s.settings.region);
  // "Where to watch" may have been switched to another region for this run only.
  const watchRegion = useAppState((s) => s.watch.region);
  const file = useAppState((s) => s.settings.file);
  const [picker, setPicker] = useState<Picker>(undefined);
  const settings = () => store.getState().settings;
  useCommands(
    'screen',
    ['settings'],
    { 'settings.language': () => setPicker('language'), 'settings.region': () => setPicker('region') },
    picker === undefined,
  );

  if (picker) {
    return (
      <Box flexDirection="column" height={height}>
        <ScreenTitle title="Settings" />
        <ChoicePicker
          id={`${entry.key}:${picker}`}
          title={picker === 'language' ? 'Language of titles and overviews (ISO 639-1, or with a region)' : 'Region of "where to watch" (ISO 3166-1)'}
          choices={picker === 'language' ? contentLanguageChoices() : regionChoices()}
          current={picker === 'language' ? language.value : watchRegion}
          height={height - 1}
          onChoose={(code) => {
            setPicker(undefined);
            if (code && picker === 'language') settings().setLanguage(code);
            if (code && picker === 'region') settings().setRegion(code);
          }}
          onCancel={() => setPicker(undefined)}
        />
      </Box>
    );
  }

  const regionOrigin = watchRegion === region.value ? ORIGINS[region.origin] : 'picked on a where-to-watch view for this run';
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <ScreenTitle title="Settings" hint={hintLine('settings.language', 'settings.region')} />
      <Setting label="Language" value={`${languageName(language.value)} (${language.value})`}>
        <Text color={theme.muted}>
          {ORIGINS[language.origin]} · {keyHint('settings.language')} changes
        </Text>
        {lockNote(language, 'MARQUEE_LANGUAGE') ? <Text color={theme.warning}>{lockNote(language, 'MARQUEE_LANGUAGE')}</Text> : null}
        <Text color={theme.muted}>
          Titles, overviews and taglines come in this language; where a record has none in it, the English text shows, marked {ENGLISH_MARK}.
        </Text>
      </Setting>
      <Setting label="Region" value={`${regionName(watchRegion)} (${watchRegion})`}>
        <Text color={theme.muted}>
          {regionOrigin} · {keyHint('settings.region')} changes
        </Text>
        {lockNote(region, 'MARQUEE_REGION') ? <Text color={theme.warning}>{lockNote(region, 'MARQUEE_REGION')}</Text> : null}
        <Text color={theme.muted}>Where to watch shows the offers of this region.</Text>
      </Setting>
      <Box marginTop={1}>
        <Text color={theme.muted}>{file ? `A choice here applies at once and is kept in ${file}.` : 'A choice here applies at once, for this run.'}</Text>
      </Box>
    </Box>
  );
}

/** A setting: its name in a column, its value, and what is said about it below the value. */
function Setting({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <Box marginTop={1}>
      <Box width={LABEL_COLUMN} flexShrink={0}>
        <Text bold>{label}</Text>
      </Box>
      <Box flexDirection="column" flexShrink={1}>
        <Text bold>{value}</Text>
        {children}
      </Box>
    </Box>
  );
}
