"""Objective-C and Objective-C++ sources: what `_languages.objc` reads a text to
define (tree-sitter-objc, and tree-sitter-cpp beside it), and the rules that
judge a `.mm` page's lists against it."""

from __future__ import annotations

import pytest
from doclint_rules._languages import cpp as _cpp_source
from doclint_rules._languages.objc import OBJC, objc_facts

from doclint.api import parse
from tests.conftest import SHARED, findings, require_shared
from tests.pages import syntax_index, write

# Objective-C declarations, then C++ in a namespace, then the implementation.
WIDGET = """\
// Widget: a view, and the C++ pool behind it (class Ghost lives elsewhere).
#import <Foundation/Foundation.h>
#import "Widget.h"
#include <vector>
@import Metal;

@class Renderer;
@protocol Drawable;

typedef NS_ENUM(NSInteger, WidgetState) {
  WidgetStateIdle,
  WidgetStateBusy,
};

@protocol Sizing <NSObject>
- (CGSize)preferredSize;
@end

@interface Widget : NSObject <Sizing>
@property(nonatomic, copy) NSString* title;
- (instancetype)initWithTitle:(NSString*)title scale:(float)scale;
+ (instancetype)new;
@end

@interface Widget (Layout)
- (void)layout;
@end

namespace ui::detail {

template <typename T>
class Pool {
 public:
  T* take();
};

int pool_size(const std::vector<int>& sizes) {
  return static_cast<int>(sizes.size());
}

}  // namespace ui::detail

@implementation Widget {
  std::vector<float> _weights;
}

- (instancetype)initWithTitle:(NSString*)title scale:(float)scale {
  self = [super init];
  if (self) {
    _title = [title copy];
    _weights.push_back(scale);
  }
  return self;
}

- (CGSize)preferredSize {
  return CGSizeMake(ui::detail::pool_size({1, 2}), 0);
}

+ (instancetype)new {
  return [[self alloc] initWithTitle:@"untitled" scale:1];
}

@end
"""
PATH = "src/Widget.mm"
PAGE = "docs/src/Widget.mm_kw.md"
FIRST_ENTRY = 16  # the line of a list's first entry on `syntax_index`'s page


def test_objective_c_declarations_are_read_by_its_grammar():
    facts = objc_facts(WIDGET)
    # Interfaces, protocols and categories are classes; so is the enum
    # NS_ENUM declares, read as the `enum WidgetState` it stands for.
    assert {"Widget", "Sizing", "Layout", "WidgetState"} <= facts.classes
    assert facts.declared_types == {"Renderer", "Drawable"}
    # A method by its selector and by the selector's first piece; a
    # property by its getter.
    assert {"initWithTitle", "initWithTitle:scale:", "new", "layout"} <= facts.functions
    assert {"preferredSize", "title"} <= facts.functions
    assert facts.include_paths == {"Foundation/Foundation.h", "Widget.h", "vector", "Metal"}


def test_the_cpp_of_an_objective_cpp_file_is_read_by_the_cpp_grammar():
    facts = objc_facts(WIDGET)
    assert "Pool" in facts.classes
    assert {"take", "pool_size"} <= facts.functions
    assert facts.namespaces == {"ui", "detail"}
    # Lines neither grammar reads: a C++ member among the implementation's
    # instance variables, a method whose body holds C++'s `::`.
    lines = WIDGET.split("\n")
    assert lines[43] == "  std::vector<float> _weights;"
    assert lines[55:58] == [
        "- (CGSize)preferredSize {",
        "  return CGSizeMake(ui::detail::pool_size({1, 2}), 0);",
        "}",
    ]
    assert facts.unsure == ((44, 44), (56, 58))


def test_tree_sitter_objc_reads_a_text_from_scratch_once(monkeypatch: pytest.MonkeyPatch):
    # The tree that shows what to hide from the C++ grammar starts the
    # Objective-C reading too; later passes reparse the edited tree.
    fresh: list[str] = []
    make = _cpp_source._parser

    class Counting:
        def __init__(self, dialect):
            self.dialect, self.parser = dialect, make(dialect)

        def parse(self, code, old=None):
            if old is None:
                fresh.append(self.dialect.name)
            return self.parser.parse(code, old) if old else self.parser.parse(code)

    monkeypatch.setattr(_cpp_source, "_parser", Counting)
    monkeypatch.setattr(_cpp_source, "_CACHE", type(_cpp_source._CACHE)(_cpp_source.CACHE_SIZE))
    facts = objc_facts(WIDGET + "\n// read afresh\n")
    assert fresh.count(OBJC.name) == 1
    assert "Widget" in facts.classes


def test_objective_c_words_in_cpp_bodies_leave_no_line_unsure():
    # `(__bridge T)x` and `@autoreleasepool` are blanked for the C++ grammar.
    text = (
        "namespace at::mps {\n"
        "void Guard::destroy(void* event) const {\n"
        "  auto id = (__bridge id_t)(intptr_t)(event);\n"
        "}\n"
        "std::string Device::name() const {\n"
        "  @autoreleasepool {\n"
        '    return [[device name] UTF8String] ?: @"none";\n'
        "  }\n"
        "}\n"
        "}  // namespace at::mps\n"
    )
    facts = objc_facts(text)
    assert facts.functions == {"destroy", "name"}
    assert facts.namespaces == {"at", "mps"}
    assert not facts.is_unsure(2)
    assert facts.is_unsure(5)  # a message send: neither grammar reads that body


def test_the_real_objective_c_test_runner():
    require_shared()
    page = SHARED / "corpus" / "real-kinds" / "docs" / "aten" / "src" / "ATen" / "native"
    page = page / "metal" / "mpscnn" / "tests" / "MetalOpTestRunner.mm_docs.md"
    source = parse(page.read_text(encoding="utf-8")).source
    assert source is not None
    facts = objc_facts(source.text)
    assert facts.classes == {"MetalOpTestRunner"}
    assert facts.functions == {"sharedInstance", "init", "registerTests", "tests"}
    assert facts.unsure == ()


def test_the_real_cpp_guard_of_mps():
    require_shared()
    page = SHARED / "corpus" / "templates" / "mm" / "MPSGuardImpl.mm_docs.md"
    source = parse(page.read_text(encoding="utf-8")).source
    assert source is not None
    facts = objc_facts(source.text)
    assert facts.namespaces == {"at", "mps"}
    assert {"createEvent", "destroyEvent", "record", "elapsedTime"} <= facts.functions
    assert facts.unsure == ()


def test_a_class_or_function_the_source_does_not_define_is_reported(tmp_path):
    write(tmp_path, {PATH: WIDGET})
    # `Ghost` follows "class" only in a comment.
    page = syntax_index(PATH, {"Class/Structs": ["Widget", "Missing", "Ghost"]})
    assert findings(page, PAGE, "keyword-as-class", tmp_path) == [
        (FIRST_ENTRY + 1, 6, "DL201"),
        (FIRST_ENTRY + 2, 6, "DL201"),
    ]
    page = syntax_index(PATH, {"Functions": ["layout", "render"]})
    assert findings(page, PAGE, "phantom-keyword", tmp_path) == [(FIRST_ENTRY + 1, 6, "DL203")]
    page = syntax_index(PATH, {"Includes": ["Widget.h", "UIKit/UIKit.h"]})
    assert findings(page, PAGE, "phantom-keyword", tmp_path) == [(FIRST_ENTRY + 1, 6, "DL203")]
    page = syntax_index(PATH, {"Namespaces": ["ui", "views"]})
    assert findings(page, PAGE, "prose-keyword", tmp_path) == [(FIRST_ENTRY + 1, 6, "DL204")]


def test_a_forward_declared_class_is_declared_only(tmp_path):
    # `@class Renderer;` names a class defined elsewhere: a warning, not DL201.
    write(tmp_path, {PATH: WIDGET})
    page = syntax_index(PATH, {"Class/Structs": ["Widget", "Renderer"]})
    assert findings(page, PAGE, "declared-only", tmp_path) == [(FIRST_ENTRY + 1, 6, "DL205")]
    assert findings(page, PAGE, "keyword-as-class", tmp_path) == []


def test_what_either_language_defines_stays_silent(tmp_path):
    # The near miss: a protocol, a category, a C++ class template, methods
    # (`new` among them, a C++ keyword but a selector here) and a C++ function.
    write(tmp_path, {PATH: WIDGET})
    page = syntax_index(
        PATH,
        {
            "Class/Structs": ["Widget", "Sizing", "Layout", "Pool", "WidgetState"],
            "Functions": ["initWithTitle", "new", "preferredSize", "take", "pool_size"],
            "Includes": ["Foundation/Foundation.h", "vector", "Metal"],
            "Namespaces": ["ui", "detail"],
        },
    )
    for rule in ("keyword-as-class", "phantom-keyword", "declared-only", "prose-keyword"):
        assert findings(page, PAGE, rule, tmp_path) == [], rule


def test_without_the_source_a_cpp_keyword_is_no_function(tmp_path):
    page = syntax_index(PATH, {"Functions": ["new", "layout"]})
    assert findings(page, PAGE, "phantom-keyword", tmp_path) == [(FIRST_ENTRY, 6, "DL203")]
