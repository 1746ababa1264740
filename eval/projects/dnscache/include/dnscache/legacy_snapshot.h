// Reader for the version-1 (text) snapshot format.
#pragma once
#include <cstdio>

#include "dnscache/cache.h"

namespace dnscache {

/// Reads "key<TAB>expires<TAB>hexwire" lines from in, which must be positioned
/// just after the snapshot header, restores the unexpired entries, and
/// fcloses in. The caller hands over ownership of the stream.
bool migrateLegacy(std::FILE *in, Cache &cache);

} // namespace dnscache
