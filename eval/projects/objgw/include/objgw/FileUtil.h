// FILE* helpers for the multipart spool files.
#pragma once
#include <cstdio>
#include <string>

namespace objgw {
namespace fileutil {

// Reads fp from its current position to EOF and closes it: the stream is
// consumed. Throws std::runtime_error on a read error (fp is closed then too).
std::string readFully(std::FILE *fp);

// Flushes fp, fsyncs its descriptor and closes it. Throws std::runtime_error if
// any step failed; fp is closed in every case.
void finishTemp(std::FILE *fp);

// Copies `in` (from its current position) to `out`. Both streams stay open.
// Returns the number of bytes copied, or -1 on a read or write error.
long copyStream(std::FILE *in, std::FILE *out);

// ETag (64-bit FNV-1a, hex) of the whole content of fp. Rewinds fp, reads it to
// EOF and leaves it open.
std::string etagOf(std::FILE *fp);

} // namespace fileutil
} // namespace objgw
