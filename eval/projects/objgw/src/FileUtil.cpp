// FILE* helpers for the multipart spool files.
#include "objgw/FileUtil.h"

#include <cinttypes>
#include <cstdint>
#include <stdexcept>
#include <unistd.h>

namespace objgw {
namespace fileutil {

std::string readFully(std::FILE *fp) {
  std::string out;
  char buf[8192];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, fp)) > 0)
    out.append(buf, n);
  const bool failed = std::ferror(fp) != 0;
  std::fclose(fp);
  if (failed)
    throw std::runtime_error("read error on spool file");
  return out;
}

void finishTemp(std::FILE *fp) {
  const bool flushed = std::fflush(fp) == 0;
  const bool synced = flushed && ::fsync(::fileno(fp)) == 0;
  const bool closed = std::fclose(fp) == 0;
  if (!flushed || !synced || !closed)
    throw std::runtime_error("could not persist spool file");
}

long copyStream(std::FILE *in, std::FILE *out) {
  long total = 0;
  char buf[8192];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, in)) > 0) {
    if (std::fwrite(buf, 1, n, out) != n)
      return -1;
    total += static_cast<long>(n);
  }
  return std::ferror(in) ? -1 : total;
}

std::string etagOf(std::FILE *fp) {
  std::rewind(fp);
  std::uint64_t hash = 1469598103934665603ULL;
  int c = 0;
  while ((c = std::fgetc(fp)) != EOF) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016" PRIx64, hash);
  return text;
}

} // namespace fileutil
} // namespace objgw
