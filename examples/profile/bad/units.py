def to_inches(length):
    return length / 2.54
