class Square:
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side * self.side
