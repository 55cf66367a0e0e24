from __future__ import annotations

from enum import Enum


class DistanceUniquenessMetricName(str, Enum):
    DISTANCE = "distance"
