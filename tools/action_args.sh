# Sourced by the steps of action.yml: sets `command`, the arguments of
# `doclint check` that the action's inputs give. The paths are split on
# blanks; the args as a shell splits them, quotes included, but never run as
# shell code (Python's shlex splits them).
read -r -a paths <<< "$DOCLINT_PATHS"
split="$(python -c '
import shlex, sys
try:
    words = shlex.split(sys.argv[1])
except ValueError as error:
    sys.exit(f"doclint action: the args input {sys.argv[1]!r} does not split: {error}")
sys.stdout.write("".join(word + "\n" for word in words))
' "$DOCLINT_ARGS")" || exit 2
args=()
if [ -n "$split" ]; then mapfile -t args <<< "$split"; fi
command=("${args[@]}" --cache-dir "$DOCLINT_CACHE_DIR" "${paths[@]}")
