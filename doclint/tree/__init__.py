"""The tree index and file reading: the one guarded way to read a file of the
tree (`reading`), bytes to text (`decoding`), which files a folder walk finds
(`discovery`), what the tree holds for cross-file facts (`index`) and the
anchors of its headings (`slugs`)."""
