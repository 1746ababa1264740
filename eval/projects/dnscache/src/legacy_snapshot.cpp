// Reader for the version-1 (text) snapshot format.
#include "dnscache/legacy_snapshot.h"

#include <cstdlib>
#include <cstring>

#include "dnscache/logging.h"

namespace dnscache {

namespace {
bool decodeHex(const char *hex, std::string &out) {
  out.clear();
  const std::size_t n = std::strlen(hex);
  if (n % 2 != 0)
    return false;
  for (std::size_t i = 0; i < n; i += 2) {
    char byte[3] = {hex[i], hex[i + 1], '\0'};
    char *end = nullptr;
    const long v = std::strtol(byte, &end, 16);
    if (*end != '\0')
      return false;
    out.push_back(static_cast<char>(v));
  }
  return true;
}
} // namespace

bool migrateLegacy(std::FILE *in, Cache &cache) {
  const int64_t now = Cache::nowSec();
  std::size_t migrated = 0;
  std::size_t skipped = 0;
  char line[16384];
  while (std::fgets(line, sizeof line, in)) {
    line[std::strcspn(line, "\r\n")] = '\0';
    char *tab1 = std::strchr(line, '\t');
    char *tab2 = tab1 ? std::strchr(tab1 + 1, '\t') : nullptr;
    if (!tab2) {
      ++skipped;
      continue;
    }
    *tab1 = '\0';
    *tab2 = '\0';
    Cache::Entry e;
    e.key = line;
    e.expiresAtSec = std::strtoll(tab1 + 1, nullptr, 10);
    if (e.expiresAtSec <= now || !decodeHex(tab2 + 1, e.wire)) {
      ++skipped;
      continue;
    }
    cache.restore(std::move(e));
    ++migrated;
  }
  const bool ok = std::ferror(in) == 0;
  std::fclose(in);
  logInfo("snapshot: migrated %zu entries from a version-1 snapshot (%zu skipped)", migrated,
          skipped);
  return ok;
}

} // namespace dnscache
