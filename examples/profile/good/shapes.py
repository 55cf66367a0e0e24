"""Shapes and their areas."""


class Square:
    def __init__(self, side):
        self.side = side

    def area(self, *, unit="cm"):
        return self.side**2


def total(*shapes):
    return sum(shape.area() for shape in shapes)


def _cache():
    return {}
