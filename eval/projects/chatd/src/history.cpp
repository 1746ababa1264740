#include "chatd/history.h"
#include "chatd/file_handle.h"
#include "chatd/scope_exit.h"

#include <cstdio>
#include <cstring>
#include <utility>

#include <unistd.h>

namespace chatd {

namespace {
constexpr long kMaxIndexBytes = 1L << 20;
}

HistoryStore::HistoryStore(std::string dir) : dir_(std::move(dir)) {}

std::string HistoryStore::pathFor(const std::string &room) const {
  return dir_ + "/" + room + ".log";
}

std::vector<std::string> HistoryStore::loadTail(const std::string &room,
                                                std::size_t maxLines) const {
  std::vector<std::string> lines;
  FileHandle in(pathFor(room), "r");
  if (!in.isOpen())
    return lines;
  std::string line;
  while (in.readLine(line)) {
    lines.push_back(line);
    if (lines.size() > maxLines)
      lines.erase(lines.begin());
  }
  return lines;
}

bool HistoryStore::compact(const std::string &room) {
  std::FILE *in = std::fopen(pathFor(room).c_str(), "r");
  if (in == nullptr)
    return false;

  std::vector<std::string> kept;
  {
    auto closeIn = makeScopeExit([in] { std::fclose(in); });
    char buf[1024];
    while (std::fgets(buf, sizeof buf, in) != nullptr) { // OK: closeIn only runs when this block ends
      if (std::strstr(buf, " #deleted") == nullptr)
        kept.emplace_back(buf);
    }
  }
  if (std::ferror(in)) // BUG: use-after-close
    return false;
  return writeSnapshot(room, kept);
}

bool HistoryStore::writeSnapshot(const std::string &room,
                                 const std::vector<std::string> &lines) {
  const std::string target = pathFor(room);
  const std::string tmp = target + ".tmp";
  std::FILE *out = std::fopen(tmp.c_str(), "w");
  if (out == nullptr)
    return false;

  bool ok = true;
  for (const std::string &line : lines) {
    if (std::fputs(line.c_str(), out) == EOF) {
      std::fclose(out);
      ok = false;
      break;
    }
  }
  if (std::fclose(out) != 0) // BUG: double-close
    ok = false;

  if (!ok) {
    std::remove(tmp.c_str());
    return false;
  }
  return std::rename(tmp.c_str(), target.c_str()) == 0;
}

bool HistoryStore::exportRoom(const std::string &room, const std::string &dest) {
  FileHandle out(dest, "w");
  if (!out)
    return false;
  for (const std::string &line : loadTail(room, 100000))
    out.writeLine(line);

  // The export is only reported as done once it is on disk.
  std::FILE *raw = out.get();
  bool ok = std::fflush(raw) == 0 && ::fsync(::fileno(raw)) == 0;
  ok = std::fclose(raw) == 0 && ok;
  out.close(); // BUG: double-close #export_close
  return ok;
}

bool HistoryStore::appendIndex(const std::string &room, long offset) {
  const std::string path = pathFor(room) + ".idx";
  FileHandle idx(path, "a");
  if (idx && std::fseek(idx.get(), 0, SEEK_END) == 0 &&
      std::ftell(idx.get()) > kMaxIndexBytes) {
    // The index only speeds up lookups: start a fresh one when it grows large.
    idx.close();
    idx.open(path, "w");
  }
  if (!idx)
    return false;
  return std::fprintf(idx.get(), "%ld\n", offset) > 0; // OK: reopened after the close above, and operator bool is false if that failed
}

} // namespace chatd
