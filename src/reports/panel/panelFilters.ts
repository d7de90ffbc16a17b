/**
 * The choices of the report panel's filters, from the unfiltered report of the same kind and period when the store has
 * it, cut to the first entries.
 */
import type { FilterOption, FilterOptions, PanelFilters } from './protocol';
import type { FilterChoice, FilterChoices } from '../model/filterChoices';

/** The longest list sent; a report can see thousands of SubIDs. */
export const MAX_FILTER_OPTIONS = 200;

function optionsOf(
  choices: readonly FilterChoice[],
  selected: string | undefined,
): { options: FilterOption[]; truncated: boolean } {
  const options = choices.slice(0, MAX_FILTER_OPTIONS).map((choice) => ({ value: choice.value, label: choice.label }));
  if (selected !== undefined && !options.some((option) => option.value === selected)) {
    // Cut off, or not in this period's report at all: offered under its own name if the report has it.
    const label = choices.find((choice) => choice.value === selected)?.label ?? selected;
    options.push({ value: selected, label });
  }
  return { options, truncated: choices.length > MAX_FILTER_OPTIONS };
}

/** The lists of the filters; with no choices (no report yet), just the values chosen. */
export function filterOptionsOf(choices: FilterChoices | undefined, filters: PanelFilters): FilterOptions {
  const platforms = optionsOf(choices?.platforms ?? [], filters.adspaceId);
  const programs = optionsOf(choices?.programs ?? [], filters.programId);
  const subIds = optionsOf(choices?.subIds ?? [], filters.subId);
  return {
    platforms: platforms.options,
    programs: programs.options,
    subIds: subIds.options,
    truncated: platforms.truncated || programs.truncated || subIds.truncated,
  };
}
