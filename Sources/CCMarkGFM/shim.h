// cmark-gfm (GitHub's CommonMark library) and its core extensions: table, strikethrough, autolink, tasklist.
// Debian: libcmark-gfm-dev, libcmark-gfm-extensions-dev. Homebrew: cmark-gfm.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
