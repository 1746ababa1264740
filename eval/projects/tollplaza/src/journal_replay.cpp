// Replay of journal segments at startup (transactions not yet acknowledged by
// the billing gateway are charged again) and a line count over all segments
// for the shift audit.
#include "journal.h"

#include "file_util.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace toll {

namespace {

bool parseTransaction(const char *line, Transaction &tx) {
  char account[64] = {};
  char plate[16] = {};
  unsigned long long id = 0;
  long long ts = 0;
  long long cents = 0;
  int lane = 0;
  if (std::sscanf(line, "%llu,%d,%lld,%63[^,],%15[^,],%lld", &id, &lane, &ts, account, plate, &cents) != 6)
    return false;
  tx.id = id;
  tx.lane = lane;
  tx.tsMillis = ts;
  tx.account = account;
  tx.plate = plate;
  tx.cents = cents;
  return true;
}

} // namespace

std::size_t replaySegment(const std::string &path, std::vector<Transaction> &out) {
  std::FILE *f = std::fopen(path.c_str(), "r");
  if (f == nullptr)
    return 0;
  FileGuard{f};
  char line[512];
  std::size_t n = 0;
  while (std::fgets(line, sizeof line, f) != nullptr) { // BUG: use-after-close
    if (line[0] == '#' || std::strncmp(line, "id,", 3) == 0)
      continue;
    Transaction tx;
    if (parseTransaction(line, tx)) {
      out.push_back(tx);
      ++n;
    }
  }
  return n;
}

std::size_t countJournalLines(const std::vector<std::string> &segments) {
  std::size_t lines = 0;
  std::FILE *f = nullptr;
  for (const std::string &path : segments) {
    if (f != nullptr)
      std::fclose(f);
    f = std::fopen(path.c_str(), "r");
    if (f == nullptr)
      continue;
    for (int c = std::fgetc(f); c != EOF; c = std::fgetc(f)) // OK: f was reopened for this segment
      lines += (c == '\n') ? 1 : 0;
  }
  if (f != nullptr)
    std::fclose(f); // OK: closes only the last segment opened, the earlier ones were closed in the loop
  return lines;
}

} // namespace toll
