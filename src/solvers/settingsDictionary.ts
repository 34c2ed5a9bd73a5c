/**
 * SimulationSettings as a plain nested dictionary and back (Exudyn's simulationSettings.GetDictionary /
 * SetDictionary), walked along the validator's rules ({@link simulationSettingsRules}), so that every field is covered.
 * @module
 */
import { describeValue, FlexdynError } from '../core/errors.ts';
import { isDictionary, unknownKeyError } from '../core/dictionary.ts';
import { SimulationSettings } from './SimulationSettings.ts';
import { simulationSettingsRules, validateSimulationSettings, type SettingRule } from './settingsValidation.ts';

type Rules = Readonly<Record<string, SettingRule>>;

function groupToDictionary(group: Record<string, unknown>, rules: Rules): Record<string, unknown> {
  const dictionary: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(rules)) {
    dictionary[name] = rule.kind === 'group' ? groupToDictionary(group[name] as Record<string, unknown>, rule.rules) : group[name];
  }
  return dictionary;
}

/** The settings as a nested dictionary of numbers, strings and booleans (a copy; JSON holds it exactly). */
export function simulationSettingsToDictionary(settings: SimulationSettings): Record<string, unknown> {
  validateSimulationSettings(settings);
  return groupToDictionary(settings as unknown as Record<string, unknown>, simulationSettingsRules);
}

function assignGroup(target: Record<string, unknown>, dictionary: unknown, rules: Rules, className: string, prefix: string, where: string): void {
  const path = prefix === '' ? 'the settings' : prefix.slice(0, -1);
  if (!isDictionary(dictionary)) throw new FlexdynError(`${where}: ${path} must be a dictionary of ${className}, got ${describeValue(dictionary)}`, { parameter: path });
  const names = Object.keys(rules);
  for (const [key, value] of Object.entries(dictionary)) {
    if (!Object.hasOwn(rules, key)) throw unknownKeyError(where, `${prefix}${key}`, names.map((name) => `${prefix}${name}`), `a setting of ${className}`);
    const rule = rules[key];
    if (rule.kind === 'group') assignGroup(target[key] as Record<string, unknown>, value, rule.rules, rule.className, `${prefix}${key}.`, where);
    else target[key] = value;
  }
}

/**
 * New SimulationSettings from a dictionary of {@link simulationSettingsToDictionary}: fields it does not give keep
 * their defaults, an unknown field or a value a setting does not accept is a FlexdynError naming its dotted path.
 */
export function simulationSettingsFromDictionary(dictionary: unknown, where = 'simulationSettingsFromDictionary'): SimulationSettings {
  const settings = new SimulationSettings();
  assignGroup(settings as unknown as Record<string, unknown>, dictionary, simulationSettingsRules, 'SimulationSettings', '', where);
  validateSimulationSettings(settings);
  return settings;
}
