"""Spans of text: merged when they touch."""


def merge_spans(spans):
    """One span for each run of spans that touch or overlap."""
    merged = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
