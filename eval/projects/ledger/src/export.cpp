// CSV export through the FileHandle of file_handle.h: rows are written while
// the handle owns the stream (negative); the summary line is written through
// the raw pointer after the handle was reset, i.e. after fclose (bug).
#include "ledger/batch_writer.h"
#include "ledger/file_handle.h"

#include <vector>

namespace ledger {

bool exportCsv(const char *path, const std::vector<Entry> &entries) {
  FileHandle out = openFile(path, "w");
  if (!out)
    return false;
  std::FILE *raw = out.get();
  std::fputs("account,cents\n", raw); // OK
  long total = 0;
  for (const Entry &entry : entries) {
    std::fprintf(raw, "%s,%ld\n", entry.account.c_str(), entry.cents); // OK
    total += entry.cents;
  }
  out.reset();
  std::fprintf(raw, "# total %ld\n", total); // BUG: use-after-close
  return true;
}

} // namespace ledger
