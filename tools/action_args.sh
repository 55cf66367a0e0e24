# Sourced by the steps of action.yml: sets `options` and `paths`, the options
# and the paths of `doclint check` that the action's inputs give; a step runs
# `doclint check "${options[@]}" ... -- "${paths[@]}"`, so that no path is
# read as an option.
#
# paths: with a line break in the input (a YAML block `|` always ends with
# one), each non-blank line is one path, exactly as written, spaces
# included; on one line, the paths are separated by blanks.
if [[ "$DOCLINT_PATHS" == *$'\n'* ]]; then
  mapfile -t lines <<< "$DOCLINT_PATHS"
  paths=()
  for line in "${lines[@]}"; do
    if [[ "$line" == *[![:space:]]* ]]; then paths+=("$line"); fi
  done
else
  read -r -a paths <<< "$DOCLINT_PATHS"
fi
# args: split as a shell splits them, quotes included, but never run as shell
# code; each word NUL-terminated, so that a line break inside quotes stays
# inside its word (tools/action_steps.py, run isolated from the tree).
mapfile -d '' -t args < <(python -I "$GITHUB_ACTION_PATH/tools/action_steps.py" split "$DOCLINT_ARGS")
wait "$!" || exit 2
options=("${args[@]}" --cache-dir "$DOCLINT_CACHE_DIR")
