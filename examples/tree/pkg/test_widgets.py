"""Tests for the widgets."""

import unittest


class WidgetTest(unittest.TestCase):
    """This class requires a display."""

    def test_draw(self):
        self.assertTrue(True)
