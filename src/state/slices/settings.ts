import { SERVICE_LANGUAGE, parseContentLanguage, parseRegionCode } from '../../contract/locale.js';
import type { Preferences } from '../../storage/index.js';
import type { SettingOrigin, StartSetting } from '../deps.js';
import { describeFailure } from '../words/failures.js';
import { patchSlice, type SliceContext } from '../slice.js';
import type { NotificationsSlice } from './notifications.js';
import type { QueriesSlice } from './queries.js';
import type { WatchSlice } from './watch-region.js';

export interface ChosenSetting {
  readonly value: string;
  readonly origin: SettingOrigin;
  /** What still decides at the next start, when it is not the settings file. */
  readonly lockedBy?: string;
}

/** The content language and region, as chosen at start or on the settings screen. */
export interface SettingsSlice {
  readonly language: ChosenSetting;
  readonly region: ChosenSetting;
  /** The file the settings screen keeps its choices in, when there is one. */
  readonly file?: string;
  setLanguage(code: string): void;
  setRegion(code: string): void;
}

type SettingsStore = {
  readonly settings: SettingsSlice;
  readonly watch: WatchSlice;
  readonly queries: QueriesSlice;
  readonly notifications: NotificationsSlice;
};

const chosen = (setting: StartSetting | undefined, fallback: string): ChosenSetting =>
  setting ? { value: setting.value, origin: setting.source, lockedBy: setting.lockedBy } : { value: fallback, origin: 'default' };

export function createSettingsSlice({ set, get, runtime }: SliceContext<SettingsStore>): SettingsSlice {
  const { deps } = runtime;
  const storage = deps.preferences;

  /** Keeps one choice for later runs; says so, or why not. */
  const save = (key: keyof Preferences, value: string, lockedBy: string | undefined, what: string) => {
    if (!storage) return;
    try {
      storage.save({ ...storage.load(), [key]: value });
    } catch (error) {
      get().notifications.notify(`${what} is used for this run, but could not be saved in ${storage.file}: ${describeFailure(error).message}`, 'warning');
      return;
    }
    // The environment or the config file decides at the next start: the user should know.
    if (lockedBy) get().notifications.notify(`${what} is saved, but ${lockedBy} still decides at the next start`, 'info');
  };

  return {
    language: chosen(deps.contentLanguage, SERVICE_LANGUAGE),
    region: chosen(deps.regionSetting, deps.watchRegion?.toUpperCase() ?? 'US'),
    file: storage?.file,
    setLanguage(code) {
      const parsed = parseContentLanguage(code);
      if (!parsed.ok || parsed.code === get().settings.language.value) return;
      const { lockedBy } = get().settings.language;
      patchSlice(set, 'settings', { language: { value: parsed.code, origin: 'this run', lockedBy } });
      // Answers in the old language must not show under the new one: every read is asked again.
      get().queries.languageChanged();
      save('language', parsed.code, lockedBy, `Language ${parsed.code}`);
    },
    setRegion(code) {
      const parsed = parseRegionCode(code);
      if (!parsed.ok || parsed.code === get().settings.region.value) return;
      const { lockedBy } = get().settings.region;
      patchSlice(set, 'settings', { region: { value: parsed.code, origin: 'this run', lockedBy } });
      get().watch.setRegion(parsed.code);
      save('region', parsed.code, lockedBy, `Region ${parsed.code}`);
    },
  };
}
