// Silk reeling hall: each cooking basin has a descriptor to its temperature
// controller, kept in an unordered_map by basin number, and every cocoon batch has a
// log FILE* kept in a deque. Cooling the north basin closes its descriptor; writing
// to the south basin afterwards is fine, writing to the north one is not. Archiving
// fcloses every batch log and then stamps the newest one. Rotating pops the closed log
// before using the deque again, and swap_basin erases and replaces the descriptor.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <deque>
#include <unordered_map>

namespace {
constexpr int kNorthBasin = 1;
constexpr int kSouthBasin = 2;

bool write_str(int fd, const char* s) {
  return ::write(fd, s, std::strlen(s)) == static_cast<ssize_t>(std::strlen(s));
}
}  // namespace

void cool_north_basin(std::unordered_map<int, int>& basins) {
  if (basins.count(kNorthBasin) == 0 || basins.count(kSouthBasin) == 0) return;
  const char* hot = "SET 92\n";
  ::write(basins.at(kNorthBasin), hot, std::strlen(hot));
  ::close(basins.at(kNorthBasin));
  ::write(basins.at(kSouthBasin), hot, std::strlen(hot));  // OK: a different basin
  const char* off = "SET 0\n";
  ::write(basins.at(kNorthBasin), off, std::strlen(off));  // BUG: use-after-close
}

void swap_basin(std::unordered_map<int, int>& basins, int id, const char* device) {
  auto it = basins.find(id);
  if (it != basins.end()) {
    ::close(it->second);
    basins.erase(it);
  }
  int fd = ::open(device, O_WRONLY | O_NOCTTY);
  if (fd < 0) return;
  basins[id] = fd;
  write_str(basins[id], "HELLO\n");  // OK: the closed descriptor was erased and replaced
}

void shut_hall(std::unordered_map<int, int>& basins) {
  for (auto& entry : basins) {
    ::close(entry.second);
    entry.second = -1;
  }
  for (auto& entry : basins) {
    if (entry.second >= 0) write_str(entry.second, "BYE\n");  // OK: every entry was set to -1
  }
}

void archive_batches(std::deque<FILE*>& logs) {
  if (logs.empty()) return;
  std::fputs("batch complete\n", logs.back());
  for (FILE* f : logs) std::fclose(f);
  std::fputs("archived\n", logs.back());  // BUG: use-after-close
  logs.clear();
}

void rotate_oldest(std::deque<FILE*>& logs, const char* path) {
  if (logs.empty()) return;
  std::fclose(logs.front());
  logs.pop_front();
  FILE* fresh = std::fopen(path, "a");
  if (!fresh) return;
  logs.push_back(fresh);
  std::fputs("rotated\n", logs.back());  // OK: the closed log was popped, back() is the fresh one
}
