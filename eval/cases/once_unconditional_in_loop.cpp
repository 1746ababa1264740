// An upload retry loop closes the spool file at the end of every attempt,
// whether or not the attempt succeeded, and reads from it at the top of the
// next one: the second attempt reads a closed file (bug) and closes it a
// second time (bug).
#include <cstdio>

bool tryUpload(const char *buffer, std::size_t size);

void uploadSpool(std::FILE *spool) {
  char buffer[4096];
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::rewind(spool); // BUG: use-after-close
    const std::size_t size = std::fread(buffer, 1, sizeof buffer, spool); // BUG: use-after-close
    const bool ok = tryUpload(buffer, size);
    std::fclose(spool); // BUG: double-close
    if (ok)
      break;
  }
}
